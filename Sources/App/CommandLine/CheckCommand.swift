import Workers

/// `discover-tui --check`: the settings in use and whether each source answers (`SourceCheck`).
struct CheckCommand: AsyncCommand {
    /// The parsed settings.
    let options: AppOptions
    /// The app's folders.
    let directories: XDGDirectories
    /// The config file's path, if there is a config folder.
    let configPath: String?
    /// The config file, when one was found.
    let config: ConfigFile?
    /// The line that says the locale asked for is not installed, or nil when it is in use
    /// (`LocaleInfo.missingLocaleNotice`).
    let localeNotice: String?

    /// Prints the report; exits 0 when the default sources answer, 1 otherwise.
    func run() async -> Never {
        await SourceCheck.run(options: options, directories: directories, configPath: configPath, config: config, localeNotice: localeNotice)
    }
}
