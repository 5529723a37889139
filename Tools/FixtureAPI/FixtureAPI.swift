// FixtureAPI: the fixture HTTP API on loopback (issue 4).
