// WorkersTests
