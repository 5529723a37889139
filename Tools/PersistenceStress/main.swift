// PersistenceStress: a child process for the multi-process tests of Persistence.
//
//   PersistenceStress orders DIR WORKER COUNT   save orders 1...COUNT with keys of WORKER
//   PersistenceStress drafts DIR SIZE           rewrite the draft forever, printing each
//                                               generation once it is durable and "step NAME"
//                                               before each step of a write (until killed)
import Domain
import Foundation
import Persistence
import UseCases

/// Prints one line on standard output at once (the parent reads it while we run).
func emit(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Writes what a store met and got past on standard error (the parent test reads only
/// standard output: a report never passes unseen, and never stops the run).
let report: @Sendable (StoreReport) -> Void = { report in
  FileHandle.standardError.write(Data(("PersistenceStress: the store reported \(report)\n").utf8))
}

/// Ends the process with a message on standard error.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data(("PersistenceStress: " + message + "\n").utf8))
  exit(2)
}

/// The order every worker saves, with its own number and key.
func order(number: Int, key: String) throws -> Order {
  guard let start = CalendarDate(year: 2027, month: 9, day: 19),
    let stop = CalendarDate(year: 2027, month: 9, day: 27),
    let dates = TourDates(start: start, stop: stop),
    let birth = CalendarDate(year: 1990, month: 5, day: 17),
    let expiry = CalendarDate(year: 2030, month: 1, day: 1)
  else { fail("bad sample dates") }
  let offer = BookingOffer(
    id: 2, roomID: 2, hotelName: "Steigenberger Makadi", hotelAddress: "Madinat Makadi, Egypt",
    rating: 5, ratingName: "Excellent", departure: "Moscow", arrivalCountry: "Egypt, Hurghada",
    tourDates: dates, numberOfNights: 7, room: "Suite", nutrition: "All inclusive",
    prices: PriceRule(
      tourPrice: Money(289_400), fuelCharge: Money(9_300), serviceCharge: Money(2_150)))
  let tourist = Tourist(
    firstName: try PersonName("Ivan"), lastName: try PersonName("Petrov"), birthDate: birth,
    citizenship: "Russia", passportNumber: try PassportNumber("4510123456"),
    passportExpiry: expiry)
  return Order(
    number: number, idempotencyKey: key,
    placedAt: Date(timeIntervalSince1970: 1_789_000_000 + Double(number)),
    request: OrderRequest(
      offer: offer,
      buyer: Buyer(
        phone: try PhoneNumber("+79161234567"), email: try EmailAddress("ivan@example.com")),
      tourists: [tourist]))
}

/// The draft of `generation`: its payload repeats one letter chosen by the generation, so a
/// torn file could never pass for a whole one.
func draft(generation: Int, size: Int) -> BookingDraft {
  let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
  let letter = letters[generation % letters.count]
  return BookingDraft(
    stack: [.hotel, .rooms, .booking(roomID: 2)],
    fields: ["generation": String(generation), "payload": String(repeating: letter, count: size)],
    touristCount: generation % 4 + 1)
}

/// The live file system, announcing each step of a write on standard output first, so that a
/// parent can kill the process at a chosen point of a write.
func tracing(_ base: FileSystem) -> FileSystem {
  var traced = base
  traced.createExclusive = { path throws(StoreError) in
    emit("step createExclusive")
    return try base.createExclusive(path)
  }
  traced.write = { descriptor, bytes, path throws(StoreError) in
    emit("step write")
    try base.write(descriptor, bytes, path)
  }
  traced.sync = { descriptor, path throws(StoreError) in
    emit("step sync")
    try base.sync(descriptor, path)
  }
  traced.close = { descriptor, path throws(StoreError) in
    emit("step close")
    try base.close(descriptor, path)
  }
  traced.rename = { from, to throws(StoreError) in
    emit("step rename")
    try base.rename(from, to)
  }
  traced.syncDirectory = { path throws(StoreError) in
    emit("step syncDirectory")
    try base.syncDirectory(path)
  }
  return traced
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: PersistenceStress orders|drafts DIR ...") }
let directory = DataDirectory(path: arguments[2])

switch arguments[1] {
case "orders":
  guard arguments.count == 5, let worker = Int(arguments[3]), let count = Int(arguments[4]) else {
    fail("usage: PersistenceStress orders DIR WORKER COUNT")
  }
  let orders = OrderStore.files(FileStore(directory: directory, report: report))
  for number in 1...max(count, 1) {
    do {
      try await orders.save(order(number: number, key: "worker-\(worker)-order-\(number)"))
    } catch {
      fail("order \(number): \(error)")
    }
  }
  emit("done")
case "drafts":
  guard arguments.count == 4, let size = Int(arguments[3]) else {
    fail("usage: PersistenceStress drafts DIR SIZE")
  }
  let store = FileStore(directory: directory, fileSystem: tracing(.live), report: report)
  let drafts = DraftStore.files(store, clock: ContinuousClock())
  do {
    let start = try await drafts.load().flatMap { Int($0.fields["generation"] ?? "") } ?? 0
    for generation in (start + 1)...(start + 100_000) {
      try await drafts.save(draft(generation: generation, size: size))
      try await drafts.flush()
      emit(String(generation))
    }
  } catch {
    fail("\(error)")
  }
default:
  fail("unknown mode \(arguments[1])")
}
