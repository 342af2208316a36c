import Domain

/// The Person scene's use cases: a person and their shows. See Scenes.md for the keys and routes.
package enum PersonScene {
    /// The photo's box, in cells: 20 across and 14 down (20 × 28 pixels, a portrait's 2:3 or so).
    package static let photoBox = (columns: 20, rows: 14)
    /// The orders of the credits (`s` cycles them), within the cast and within the crew.
    package enum SortOrder: String, Sendable, Equatable, CaseIterable {
        /// Newest first by premiere (the default); a show without a date last.
        case newest
        /// Higher rating first.
        case rating
        /// By name, A to Z.
        case name
        /// The provider's popularity first (TVmaze weight, TMDB's list order).
        case popularity

        /// As said on screen, for example `newest first`.
        package var label: String {
            switch self {
            case .newest: return "newest first"
            case .rating: return "by rating"
            case .name: return "by name"
            case .popularity: return "by popularity"
            }
        }

        /// The next order `s` moves to.
        package var next: SortOrder {
            let all = Self.allCases
            return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
        }
    }

    /// Load the person and their credits.
    package enum LoadPerson {
        /// Ask for the person in the data store.
        package struct Request: Sendable {
            /// True to ask the source again (`r`).
            var retry = false
            /// Makes one.
            package init(retry: Bool = false) { self.retry = retry }
        }

        /// The person when known, the order, and the loading state.
        package struct Response: Sendable {
            /// Whom the scene was opened on.
            let reference: PersonReference
            /// The person, once loaded; nil before, or when the source knows no such person
            /// (`isLoading` false and no error).
            let person: Person?
            /// True while loading.
            let isLoading: Bool
            /// The last failure.
            let error: SourceError?
            /// The credits' order.
            let order: SortOrder
            /// The photo, decoded and scaled to `PersonScene.photoBox`; nil until it is.
            var photo: RGBImage? = nil
            /// Why the photo could not be shown, for the status bar and the message log.
            var photoMessage: String? = nil

            /// Makes one from its parts (the memberwise initialiser, visible to the composition root).
            package init(reference: PersonReference, person: Person?, isLoading: Bool, error: SourceError?, order: SortOrder) {
                self.reference = reference
                self.person = person
                self.isLoading = isLoading
                self.error = error
                self.order = order
            }
        }

        /// One credit row.
        package struct Row: Sendable, Equatable {
            /// The row's id (`PersonPresenter.rowID(_:at:)`), for example `cast-143-0`.
            package let id: String
            /// The show's id at its provider (the favourite mark).
            package let showID: Int
            /// The show's name, or a placeholder for a show known by id only.
            package let show: String
            /// The character (cast), with ` (voice)`, or the job (crew).
            package let part: String
            /// The years, for example `2014–2019`.
            package let years: String
            /// The rating, for example `8.5`, or `—`.
            package let rating: String
            /// False for a show known by id only: Enter says it cannot be opened.
            package let canOpen: Bool
        }

        /// What the view draws.
        package struct ViewModel: Sendable, Equatable {
            /// The person's name.
            package let title: String
            /// Country, birthday, death day and gender, for example
            /// `United States · born 1979-07-17 · Male`; `—` when none is given.
            package let facts: String
            /// What the credits cover and how many, for example `2 shows, from the shows
            /// recorded in this snapshot · newest first`.
            package let coverage: String
            /// The cast credits, then the crew credits, each block in `order`.
            package let rows: [Row]
            /// How many of `rows` are cast credits (the crew's start).
            package let castCount: Int
            /// Shown instead of the rows when there are none.
            package let emptyMessage: String?
            /// A loading or failure line.
            package let message: String?
            /// Whether `message` reports an error.
            package let messageIsError: Bool
            /// The source, for example `TVmaze live`.
            package let sourceLabel: String
            /// The credit the source's terms ask for.
            package let credit: String
            /// True when the person has a photo to show (the page leaves room for it before it
            /// arrives).
            package var hasPhoto = false
            /// The photo, once decoded.
            package var photo: RGBImage? = nil
            /// Why there is no photo, when fetching or decoding it failed.
            package var photoMessage: String? = nil
        }
    }

    /// Order the credits another way (`s`).
    package enum SortCredits {
        /// The order to show.
        package struct Request: Sendable {
            /// The order.
            let order: SortOrder
            /// Makes one.
            package init(order: SortOrder) { self.order = order }
        }
    }

    /// Open a credit's show (Enter).
    package enum OpenShow {
        /// The row whose show to open.
        package struct Request: Sendable {
            /// The row's id (`Row.id`).
            let id: String
            /// Makes one.
            package init(id: String) { self.id = id }
        }
    }
}
