/// Bytes compiled into the binary, which live as long as the process.
struct EmbeddedBytes: @unchecked Sendable {
    /// The bytes (read-only, static).
    let buffer: UnsafeRawBufferPointer
}
