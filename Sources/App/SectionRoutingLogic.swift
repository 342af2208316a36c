/// Moves between the app's sections.
@MainActor
protocol SectionRoutingLogic: AnyObject {
    /// Shows a section, building its first scene on the first visit.
    func routeToSection(_ section: AppSection)
    /// Shows the section after the current one (Tab).
    func routeToNextSection()
    /// Shows the section before the current one (Shift-Tab).
    func routeToPreviousSection()
}
