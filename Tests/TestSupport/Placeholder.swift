// TestSupport
