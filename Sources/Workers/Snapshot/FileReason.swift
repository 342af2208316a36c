import CSnapshotData
import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Short reasons for file errors.
enum FileReason {
    static func describe(_ error: Error) -> String {
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
            case .fileReadNoPermission: return "permission denied"
            default: break
            }
            if let posix = cocoa.underlying as? POSIXError {
                return String(cString: strerror(posix.code.rawValue))
            }
        }
        if let posix = error as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return "cannot read it"
    }
}
