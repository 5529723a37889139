// TestSupport: test doubles and helpers shared by every test target (in-memory and failing
// variants of the ports, a test clock, sample data). A regular target, not a test target.
