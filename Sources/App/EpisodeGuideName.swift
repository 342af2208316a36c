import Domain
import Scenes

/// In the composition root `EpisodeGuide` is the Domain's list of a show's episodes; the
/// episode guide scene's use-case models (`Scenes.EpisodeGuide`), which share the name as VIP
/// names them, are not used here. The module's own name wins over both imports.
typealias EpisodeGuide = Domain.EpisodeGuide
