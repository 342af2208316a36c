import Domain
import FoundationEssentials

/// The NearbyPOIs scene's Presenter: turns each Response into its ViewModel and hands it to
/// the ViewController. The words are its formatters': the list (`PlacesListFormatter`, with
/// `PlaceText`, `PlaceDistances` and `OpeningHoursText`), a place's details
/// (`POIDetailsFormatter`), the city search (`CityPickerFormatter`) and the streets under the
/// map (`StreetsFormatter`).
@MainActor
package final class NearbyPOIsPresenter: NearbyPOIsPresentationLogic {
    package weak var viewController: NearbyPOIsDisplayLogic?
    /// How distances are written.
    let units: NearbyPOIs.Units
    /// The clock in Unix seconds, to say a cached copy's age.
    private let now: () -> Int64

    /// Makes a Presenter.
    /// - Parameters:
    ///   - units: metric (default) or imperial distances.
    ///   - now: the clock in Unix seconds, to say a cached copy's age (the composition root
    ///     passes the system clock; tests pin it).
    package init(units: NearbyPOIs.Units = .metric, now: @escaping () -> Int64) {
        self.units = units
        self.now = now
    }

    package func presentPOIs(response: NearbyPOIs.LoadPOIs.Response) {
        viewController?.displayPOIs(viewModel: Self.viewModel(for: response, units: units, now: now()))
    }

    package func presentCities(response: NearbyPOIs.SearchCities.Response) {
        viewController?.displayCities(viewModel: Self.viewModel(for: response))
    }

    package func presentPOIDetails(response: NearbyPOIs.ShowPOIDetails.Response) {
        viewController?.displayPOIDetails(viewModel: Self.viewModel(for: response, units: units, now: now()))
    }

    package func presentRadiusLimit(response: NearbyPOIs.ChangeRadius.Response) {
        viewController?.displayRadiusLimit(viewModel: Self.viewModel(for: response, units: units))
    }

    package func presentStreets(response: NearbyPOIs.LoadStreets.Response) {
        viewController?.displayStreets(viewModel: Self.viewModel(for: response))
    }

    // MARK: The view models, without a ViewController (the plain-text listing, tests)

    /// The list's view model for a response (also used by the plain-text listing).
    /// - Parameters:
    ///   - response: the list's state.
    ///   - units: how distances are written.
    ///   - now: the current Unix time in seconds, to say a cached copy's age.
    ///   - keyHints: true to tell people which keys help (`Press + to widen the search`);
    ///     false for output nobody can type into (a pipe).
    /// - Returns: the view model.
    package nonisolated static func viewModel(for response: NearbyPOIs.LoadPOIs.Response, units: NearbyPOIs.Units, now: Int64, keyHints: Bool = true) -> NearbyPOIs.LoadPOIs.ViewModel {
        PlacesListFormatter.viewModel(for: response, units: units, now: now, keyHints: keyHints)
    }

    /// The message for `+` at the widest radius or `-` at the narrowest.
    nonisolated static func viewModel(for response: NearbyPOIs.ChangeRadius.Response, units: NearbyPOIs.Units) -> NearbyPOIs.ChangeRadius.ViewModel {
        PlacesListFormatter.viewModel(for: response, units: units)
    }

    /// The city picker's view model.
    nonisolated static func viewModel(for response: NearbyPOIs.SearchCities.Response) -> NearbyPOIs.SearchCities.ViewModel {
        CityPickerFormatter.viewModel(for: response)
    }

    /// The detail view model of a place.
    nonisolated static func viewModel(for response: NearbyPOIs.ShowPOIDetails.Response, units: NearbyPOIs.Units, now: Int64) -> NearbyPOIs.ShowPOIDetails.ViewModel {
        POIDetailsFormatter.viewModel(for: response, units: units, now: now)
    }

    /// The streets' view model: lines in metres from the map's centre, or none and a message.
    nonisolated static func viewModel(for response: NearbyPOIs.LoadStreets.Response) -> NearbyPOIs.LoadStreets.ViewModel {
        StreetsFormatter.viewModel(for: response)
    }
}
