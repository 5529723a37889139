import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EndToEnd {
  /// `--record FILE` and `--junit FILE` that cannot be written: a path that cannot name a file
  /// is bad usage (2); one the system refuses is a problem of the environment (4), as the help
  /// and Docs/ScriptLanguage.md say (SPEC section 5).
  @Suite struct OutputFileEndToEndTests {
    /// A folder in which even root cannot make a file (permission denied: `/sys`), or `nil`.
    static let unwritableFolder: String? = {
      for folder in ["/sys", "/proc/sys"] {
        let probe = folder + "/hotel-probe-\(UUID().uuidString)"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        if descriptor < 0, errno == EACCES { return folder }
        if descriptor >= 0 {
          close(descriptor)
          unlink(probe)
        }
      }
      return nil
    }()

    @Test(.enabled(if: unwritableFolder != nil, "no folder refuses a file here"))
    func aRecordFileTheSystemRefusesExits4AndAMissingFolderExits2() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let refused = (Self.unwritableFolder ?? "") + "/session.hotel"
      let result = try await hotel.run(["run", "--line", "--record", refused], stdin: "quit\n")
      #expect(result.status == 4, "\(result)")
      #expect(
        result.stderrLines == [
          "hotel: cannot write the record file '\(refused)': permission denied"
        ], "\(result)")
      let missing = hotel.dataDirectory.path + "/nowhere/session.hotel"
      let usage = try await hotel.run(["run", "--line", "--record", missing], stdin: "quit\n")
      #expect(usage.status == 2, "\(usage)")
      #expect(
        usage.stderrLines == [
          "hotel: cannot write the record file '\(missing)': no such directory"
        ], "\(usage)")
    }

    /// A `--junit` report the system refuses is told before anything runs, naming the path given,
    /// in the asked language (exit 4).
    @Test(.enabled(if: unwritableFolder != nil, "no folder refuses a file here"))
    func aReportTheSystemRefusesIsToldBeforeAnyJourneyRunsAndExits4() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = try SuiteHardeningEndToEndTests.journeys(
        ["a.hotel": "expect screen hotel\n"], in: hotel)
      let report = (Self.unwritableFolder ?? "") + "/report.xml"
      for (language, message) in [
        ("en", "hotel: --junit: cannot write '\(report)': permission denied"),
        ("ru", "hotel: --junit: нельзя записать '\(report)': нет доступа"),
      ] {
        let result = try await hotel.run(
          ["test", folder, "--junit", report, "--lang", language])
        #expect(result.status == 4, "\(result)")
        #expect(result.stdout.isEmpty, "nothing ran: \(result)")
        #expect(result.stderrLines == [message], "\(result)")
      }
    }

    /// `--junit` naming a FIFO that nothing reads: the FIFO is opened without waiting, so `hotel
    /// test` ends at once with exit 4, saying why.
    @Test func aReportToAFIFOThatNothingReadsIsToldNotWaitedFor() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let folder = try SuiteHardeningEndToEndTests.journeys(
        ["a.hotel": "expect screen hotel\n"], in: hotel)
      let fifo = hotel.dataDirectory.appendingPathComponent("report.fifo").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let result = try await hotel.run(
        ["test", folder, "--junit", fifo, "--lang", "ru"], timeLimit: 60)
      #expect(!result.timedOut, "\(result)")
      #expect(result.status == 4, "\(result)")
      #expect(
        result.stderrLines == [
          "hotel: --junit: нельзя записать '\(fifo)': это FIFO, из которого никто не читает"
        ], "\(result)")
    }

    /// `hotel replay FIFO` and `hotel test FIFO` with nothing writing to the FIFO: it is named
    /// (exit 2), not waited on; a pipe that has its writer (`hotel replay <(...)`) is still read.
    @Test func aScriptFIFOThatNothingWritesToIsToldNotWaitedFor() async throws {
      let hotel = try HotelProcess()
      defer { hotel.cleanUp() }
      let fifo = hotel.dataDirectory.appendingPathComponent("journey.hotel").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let said =
        "cannot read the script '\(fifo)': it is a FIFO or a device and nothing was written to it"
      let replay = try await hotel.run(["replay", fifo], timeLimit: 60)
      #expect(!replay.timedOut, "\(replay)")
      #expect(replay.status == 2, "\(replay)")
      #expect(replay.stderrLines == ["hotel: " + said], "\(replay)")
      let suite = try await hotel.run(["test", fifo, "--lang", "ru"], timeLimit: 60)
      #expect(!suite.timedOut, "\(suite)")
      #expect(suite.status == 2, "\(suite)")
      #expect(
        suite.stderrLines == [
          "hotel: не удалось прочитать сценарий '\(fifo)': это FIFO или устройство, и в него ничего"
            + " не записано"
        ], "\(suite)")
    }
  }
}
