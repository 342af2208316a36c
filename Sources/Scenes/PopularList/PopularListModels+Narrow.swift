import Domain

extension PopularList {
    /// Narrow the list to one genre or one network or streaming service, from a picker (`n`).
    package enum Narrow {
        /// What the list can be narrowed to.
        enum Choice: Sendable, Equatable, Hashable {
            /// Shows of a genre, for example `Drama`.
            case genre(String)
            /// Shows of a network or web channel, for example `HBO` or `Netflix`.
            case network(String)
            /// Shows whose network or web channel is one of the viewer's streaming services
            /// (`StreamingServices.carries`); offered first when the `services` setting is set.
            case onMyServices
        }

        /// Ask for the choices the loaded shows offer (opens the picker).
        package struct ChoicesRequest: Sendable {}

        /// The choices: "On my services" (with the setting), then genres then networks, each
        /// most common first, with their counts.
        package struct Response: Sendable {
            /// The choices and how many loaded shows each has.
            let choices: [(choice: Choice, count: Int)]
            /// The narrowing in force; nil for none.
            let current: Choice?
        }

        /// The picker's lines.
        package struct ViewModel: Sendable, Equatable {
            /// One line of the picker: nil choice is "Every show".
            struct Line: Sendable, Equatable {
                /// What choosing the line narrows to; nil for no narrowing.
                let choice: Choice?
                /// For example `Genre: Drama (412)`.
                let label: String
            }
            /// The lines, "Every show" first.
            let lines: [Line]
            /// The line of the narrowing in force.
            let currentIndex: Int
        }

        /// Narrow to a choice, or to nothing.
        package struct Request: Sendable {
            /// The choice; nil shows every show again.
            let choice: Choice?
        }
    }
}
