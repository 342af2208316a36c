import Domain

/// Formats a person and their credits for the Person view (the scene's only formatting).
@MainActor
package final class PersonPresenter: PersonPresentationLogic {
    package weak var viewController: PersonDisplayLogic?
    private let now: () -> Int64

    /// Makes a Presenter.
    /// - Parameter now: the clock in Unix seconds, to say a cached copy's age.
    package init(now: @escaping () -> Int64) {
        self.now = now
    }

    /// A credit's row id: its kind, its show's id and its place in the person's credits, for
    /// example `cast-143-0` (a person may hold several jobs on one show).
    package nonisolated static func rowID(_ credit: PersonCredit, at index: Int) -> String {
        (credit.kind == .cast ? "cast-" : "crew-") + String(credit.show.id) + "-" + String(index)
    }

    /// The facts line: country, born, died, gender; `—` when none is given.
    nonisolated static func facts(_ person: Person) -> String {
        var parts: [String] = []
        if let country = person.country, !country.isEmpty { parts.append(country) }
        if let born = person.birthday { parts.append("born \(born)") }
        if let died = person.deathday { parts.append("died \(died)") }
        if let gender = person.gender, !gender.isEmpty { parts.append(gender) }
        return parts.isEmpty ? ShowFormatting.missing : parts.joined(separator: " · ")
    }

    /// The credits of one kind in an order; equal keys keep the source's order.
    /// - Returns: each credit with its place in `credits`.
    nonisolated static func sorted(_ credits: [(offset: Int, element: PersonCredit)], by order: PersonScene.SortOrder) -> [(offset: Int, element: PersonCredit)] {
        func before(_ a: (offset: Int, element: PersonCredit), _ b: (offset: Int, element: PersonCredit)) -> Bool {
            let l = a.element.show, r = b.element.show
            switch order {
            case .newest:
                if l.premiered != r.premiered {
                    guard let lp = l.premiered else { return false }
                    guard let rp = r.premiered else { return true }
                    return lp > rp
                }
            case .rating:
                let ls = WeightedRating.score(l) ?? -1, rs = WeightedRating.score(r) ?? -1
                if ls != rs { return ls > rs }
            case .name:
                let ln = l.name.lowercased(), rn = r.name.lowercased()
                if ln != rn { return ln.isEmpty != rn.isEmpty ? !ln.isEmpty : ln < rn }
            case .popularity:
                if l.weight != r.weight { return (l.weight ?? -1) > (r.weight ?? -1) }
            }
            return a.offset < b.offset
        }
        return credits.sorted(by: before)
    }

    package func presentPerson(response: PersonScene.LoadPerson.Response) {
        let person = response.person
        var rows: [PersonScene.LoadPerson.Row] = []
        var castCount = 0
        if let person {
            let all = Array(person.credits.enumerated())
            let cast = Self.sorted(all.filter { $0.element.kind == .cast }, by: response.order)
            let crew = Self.sorted(all.filter { $0.element.kind == .crew }, by: response.order)
            castCount = cast.count
            rows = (cast + crew).map { row($0.element, at: $0.offset) }
        }
        var coverage: [String] = []
        if let person {
            let cast = person.credits.filter { $0.kind == .cast }.count, crew = person.credits.count - cast
            var count = person.credits.count == 1 ? "1 show" : "\(person.credits.count) shows"
            if crew > 0 { count += " (\(cast) cast, \(crew) crew)" }
            coverage.append(person.coverage.map { count + ", " + $0 } ?? count)
            coverage.append(response.order.label)
        }
        var message: String?
        var isError = false
        if let error = response.error {
            message = ShowFormatting.failure(error, retryInSeconds: nil)
            isError = true
        } else if response.isLoading {
            message = "Loading \(response.reference.name.isEmpty ? "the person" : response.reference.name)’s shows…"
        }
        let empty: String?
        if !rows.isEmpty {
            empty = nil
        } else if response.isLoading {
            empty = "Loading…"
        } else if let message, isError {
            empty = message
        } else if person == nil {
            empty = "This source knows no such person."
        } else {
            empty = "No shows listed for this person."
        }
        let source = person?.source
        var viewModel = PersonScene.LoadPerson.ViewModel(
            title: ShowFormatting.capped(person?.name ?? response.reference.name).nonEmptyOr("(unnamed)"),
            facts: person.map(Self.facts) ?? "",
            coverage: coverage.joined(separator: " · "),
            rows: rows, castCount: castCount, emptyMessage: empty, message: message, messageIsError: isError,
            sourceLabel: source.map { ShowFormatting.source($0, now: now()) } ?? "",
            credit: ShowFormatting.credit(for: source)
        )
        viewModel.hasPhoto = person?.imageURL != nil
        viewModel.photo = response.photo
        viewModel.photoMessage = response.photoMessage
        viewController?.displayPerson(viewModel: viewModel)
    }

    private func row(_ credit: PersonCredit, at index: Int) -> PersonScene.LoadPerson.Row {
        var part: String
        switch credit.kind {
        case .cast:
            part = credit.character.map(ShowFormatting.capped) ?? ""
            if credit.isVoice { part += part.isEmpty ? "(voice)" : " (voice)" }
        case .crew:
            part = credit.role.map(ShowFormatting.capped) ?? "crew"
        }
        if let count = credit.episodeCount, count > 0 { part += (part.isEmpty ? "" : " · ") + (count == 1 ? "1 ep." : "\(count) eps.") }
        let name = credit.showIsKnown ? ShowFormatting.name(credit.show).text : "show \(credit.show.id) (not recorded here)"
        return .init(
            id: Self.rowID(credit, at: index), showID: credit.show.id, show: name, part: part,
            years: credit.showIsKnown ? ShowFormatting.years(credit.show) : ShowFormatting.missing,
            rating: ShowFormatting.rating(credit.show.rating), canOpen: credit.showIsKnown)
    }
}

extension String {
    /// The text, or `placeholder` when it is empty or blank.
    fileprivate func nonEmptyOr(_ placeholder: String) -> String {
        trimming(.whitespacesAndNewlines).isEmpty ? placeholder : self
    }
}
