// swift-tools-version: 6.2
// The hotel-booking workspace: reusable, host-independent modules and the `hotel` command line.
// Dependency direction (SPEC section 2):
//   Domain <- UseCases <- {Networking, Persistence, Presentation} <- HotelCLI
// NetworkingRepair (Linux: repairs URLSession for the whole process) is opted into by an app.
import PackageDescription

let package = Package(
  name: "HotelBooking",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Domain", targets: ["Domain"]),
    .library(name: "UseCases", targets: ["UseCases"]),
    .library(name: "Networking", targets: ["Networking"]),
    .library(name: "NetworkingRepair", targets: ["NetworkingRepair"]),
    .library(name: "Persistence", targets: ["Persistence"]),
    .library(name: "Presentation", targets: ["Presentation"]),
    .library(name: "FixtureAPI", targets: ["FixtureAPI"]),
    .executable(name: "hotel", targets: ["HotelCLI"]),
  ],
  targets: [
    // MARK: - Modules

    .target(name: "Domain", path: "Modules/Domain"),
    .target(name: "UseCases", dependencies: ["Domain"], path: "Modules/UseCases"),
    .target(name: "Networking", dependencies: ["Domain", "UseCases"], path: "Modules/Networking"),
    .target(
      name: "NetworkingRepair", dependencies: ["UseCases", "Networking"],
      path: "Modules/NetworkingRepair"),
    .target(
      name: "Persistence", dependencies: ["Domain", "UseCases"], path: "Modules/Persistence"),
    .target(
      name: "Presentation", dependencies: ["Domain", "UseCases"], path: "Modules/Presentation"),

    // MARK: - App and tools

    .executableTarget(
      name: "HotelCLI",
      dependencies: [
        "Domain", "UseCases", "Networking", "NetworkingRepair", "Persistence", "Presentation",
        "FixtureAPI",
      ],
      path: "Apps/HotelCLI"
    ),
    .target(name: "FixtureAPI", dependencies: ["Domain"], path: "Tools/FixtureAPI"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "Domain", "UseCases", "Networking", "NetworkingRepair", "Persistence", "Presentation",
        "FixtureAPI",
      ],
      path: "Tools/Benchmarks"
    ),
    // A child process for Persistence's multi-process tests (concurrent writers, kill mid-save).
    .executableTarget(
      name: "PersistenceStress", dependencies: ["Domain", "UseCases", "Persistence"],
      path: "Tools/PersistenceStress"),
    // The hello-world baseline the benchmarks compare `hotel` start-up with.
    .executableTarget(name: "BenchHello", path: "Tools/BenchHello"),
    // The floor under the replay row: a bare URLSession client making the replay's GETs.
    .executableTarget(name: "BenchFloor", path: "Tools/BenchFloor"),
    // A host of Networking that does not opt in to NetworkingRepair (its tests, the waiting row).
    .executableTarget(
      name: "UnrepairedHost",
      dependencies: ["Domain", "UseCases", "Networking", "NetworkingRepair"],
      path: "Tools/UnrepairedHost"),

    // MARK: - Tests

    .target(name: "TestSupport", dependencies: ["Domain", "UseCases"], path: "Tests/TestSupport"),
    .testTarget(
      name: "DomainTests", dependencies: ["Domain", "TestSupport"],
      // The contact corpus and its comparison script are read from the source tree by path.
      exclude: ["Corpus"]),
    .testTarget(name: "UseCasesTests", dependencies: ["UseCases", "TestSupport"]),
    .testTarget(
      name: "NetworkingTests", dependencies: ["Networking", "FixtureAPI", "TestSupport"]),
    .testTarget(
      name: "NetworkingRepairTests",
      dependencies: [
        "NetworkingRepair", "Networking", "Domain", "UseCases", "FixtureAPI", "UnrepairedHost",
      ]),
    .testTarget(
      name: "PersistenceTests", dependencies: ["Persistence", "PersistenceStress", "TestSupport"]),
    .testTarget(name: "PresentationTests", dependencies: ["Presentation", "TestSupport"]),
    .testTarget(name: "FixtureAPITests", dependencies: ["FixtureAPI", "TestSupport"]),
    // A host of the library (SPEC section 10): library products only, no @testable.
    .testTarget(
      name: "HostTests",
      dependencies: [
        "Domain", "UseCases", "Networking", "Persistence", "Presentation", "FixtureAPI",
      ]
    ),
    .testTarget(
      name: "HotelCLITests",
      dependencies: ["HotelCLI", "FixtureAPI", "Presentation", "UseCases", "TestSupport"],
      // Golden transcripts, scripts and the JUnit schema are read from the source tree by
      // path, not bundled.
      exclude: ["Golden", "Scripts", "Support/junit-10.xsd"]),
  ]
)

// Package-wide settings in one place: Swift 6 language mode, upcoming features, and zero warnings
// (warnings are errors here; SwiftPM ignores this setting when the package is someone's dependency).
for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.swiftLanguageMode(.v6))
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  settings.append(.enableUpcomingFeature("MemberImportVisibility"))
  settings.append(.treatAllWarnings(as: .error))
  target.swiftSettings = settings
}
