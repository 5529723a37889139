#if os(Linux) && (arch(x86_64) || arch(arm64))
  import FoundationNetworking
  import Glibc

  /// FoundationNetworking's table of imported functions (its global offset table): read to
  /// find where it calls libcurl, written to redirect a call.
  enum ImportTable {
    /// One slot of the table: where FoundationNetworking reads the address of an import.
    struct Slot {
      let address: UnsafeMutableRawPointer
      /// Whether it sits in a page the loader made read-only after relocating it (RELRO).
      let isReadOnly: Bool
    }

    /// The loaded image of FoundationNetworking (the one that holds `URLSession`'s metadata);
    /// `nil` where it cannot be found.
    static var foundationNetworking: UnsafeRawPointer? {
      UnsafeRawPointer(bitPattern: foundationNetworkingAddress)
    }

    private static let foundationNetworkingAddress: UInt = {
      guard let global = dlopen(nil, RTLD_NOW), let symbol = dlsym(global, "dladdr") else {
        return 0
      }
      typealias DLAddr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
      let dladdr = unsafeBitCast(symbol, to: DLAddr.self)
      let info = UnsafeMutableRawPointer.allocate(
        byteCount: 4 * MemoryLayout<UInt>.size, alignment: MemoryLayout<UInt>.alignment)
      defer { info.deallocate() }
      let metadata = unsafeBitCast(URLSession.self as AnyClass, to: UnsafeRawPointer.self)
      // Dl_info: dli_fname, dli_fbase, dli_sname, dli_saddr.
      guard dladdr(metadata, info) != 0 else { return 0 }
      return info.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
    }()

    /// The function `symbol` as the process resolves it (libcurl's), or `nil`.
    static func resolved(_ symbol: String) -> UnsafeMutableRawPointer? {
      guard let global = dlopen(nil, RTLD_NOW) else { return nil }
      return dlsym(global, symbol)
    }

    /// The symbols among `symbols` that FoundationNetworking no longer calls as the loader left
    /// them: a slot that holds neither libcurl's function nor an address inside
    /// FoundationNetworking itself (its lazy-binding stub, before the first call).
    ///
    /// Empty where the table cannot be read.
    static func redirected(among symbols: [String]) -> [String] {
      guard let base = foundationNetworking else { return [] }
      let image = imageRange(base)
      return symbols.filter { symbol in
        let real = resolved(symbol).map { UInt(bitPattern: $0) }
        return slots(imageAt: base, symbol: symbol).contains { slot in
          let value = slot.address.load(as: UInt.self)
          return value != real && !(image?.contains(value) ?? false)
        }
      }
    }

    /// Points every slot of FoundationNetworking's table that imports `symbol` at
    /// `replacement`; returns how many were changed.
    static func redirect(_ symbol: String, to replacement: UInt) -> Int {
      guard let base = foundationNetworking else { return 0 }
      let pageSize = UInt(max(4_096, sysconf(Int32(_SC_PAGESIZE))))
      var changed = 0
      for slot in slots(imageAt: base, symbol: symbol) {
        let page = UnsafeMutableRawPointer(
          bitPattern: UInt(bitPattern: slot.address) & ~(pageSize - 1))
        if slot.isReadOnly {
          guard mprotect(page, Int(pageSize), PROT_READ | PROT_WRITE) == 0 else { continue }
        }
        slot.address.storeBytes(of: replacement, as: UInt.self)
        if slot.isReadOnly { _ = mprotect(page, Int(pageSize), PROT_READ) }
        changed += 1
      }
      return changed
    }

    // MARK: - Reading the ELF image

    /// ELF constants (64-bit; `elf.h`).
    private enum ELF {
      static let loadSegment: UInt32 = 1  // PT_LOAD
      static let dynamicSegment: UInt32 = 2  // PT_DYNAMIC
      static let relroSegment: UInt32 = 0x6474_e552  // PT_GNU_RELRO
      static let tagNull: Int64 = 0, tagPLTRelSize: Int64 = 2, tagStringTable: Int64 = 5
      static let tagSymbolTable: Int64 = 6, tagRela: Int64 = 7, tagRelaSize: Int64 = 8
      static let tagStringTableSize: Int64 = 10, tagPLTRel: Int64 = 20, tagJumpRel: Int64 = 23
      #if arch(x86_64)
        static let globalData: UInt32 = 6, jumpSlot: UInt32 = 7  // R_X86_64_GLOB_DAT, _JUMP_SLOT
      #else
        static let globalData: UInt32 = 1025, jumpSlot: UInt32 = 1026  // R_AARCH64_GLOB_DAT, ...
      #endif
    }

    /// The program headers of the image at `base`: where it is loaded from, its dynamic
    /// section, its RELRO ranges and its extent (relative to its lowest load address).
    private struct Layout {
      var bias: UInt
      var dynamic: (address: UInt64, size: UInt64)
      var relro: [(address: UInt64, size: UInt64)]
      var extent: UInt64
    }

    private static func layout(_ base: UnsafeRawPointer) -> Layout? {
      // The ELF header: "\u{7F}ELF", 64-bit, little-endian.
      guard base.load(as: UInt32.self) == 0x464C_457F,
        base.load(fromByteOffset: 4, as: UInt8.self) == 2
      else { return nil }
      let headersOffset = Int(base.load(fromByteOffset: 32, as: UInt64.self))
      let headerSize = Int(base.load(fromByteOffset: 54, as: UInt16.self))
      let headerCount = Int(base.load(fromByteOffset: 56, as: UInt16.self))
      guard headerSize >= 56, headerCount <= 256, headersOffset < 1 << 20 else { return nil }
      var lowestLoad: UInt64?
      var highestLoad: UInt64 = 0
      var dynamic: (address: UInt64, size: UInt64)?
      var relro: [(address: UInt64, size: UInt64)] = []
      for index in 0..<headerCount {
        let header = base + headersOffset + index * headerSize
        let type = header.load(as: UInt32.self)
        let address = header.load(fromByteOffset: 16, as: UInt64.self)
        let size = header.load(fromByteOffset: 40, as: UInt64.self)
        switch type {
        case ELF.loadSegment:
          lowestLoad = min(lowestLoad ?? address, address)
          highestLoad = max(highestLoad, address + size)
        case ELF.dynamicSegment: dynamic = (address, size)
        case ELF.relroSegment: relro.append((address, size))
        default: break
        }
      }
      let pageSize = UInt64(max(4_096, sysconf(Int32(_SC_PAGESIZE))))
      guard let lowestLoad, let dynamic else { return nil }
      let start = lowestLoad & ~(pageSize - 1)
      return Layout(
        bias: UInt(bitPattern: base) &- UInt(start), dynamic: dynamic, relro: relro,
        extent: highestLoad - start)
    }

    private static func imageRange(_ base: UnsafeRawPointer) -> Range<UInt>? {
      guard let layout = layout(base) else { return nil }
      let start = UInt(bitPattern: base)
      return start..<(start + UInt(layout.extent))
    }

    private static func slots(imageAt base: UnsafeRawPointer, symbol: String) -> [Slot] {
      guard let layout = layout(base) else { return [] }
      func pointer(_ address: UInt64) -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: layout.bias &+ UInt(address))
      }
      // The dynamic section; glibc has already relocated its pointers on these architectures,
      // but a value below the bias is still an offset.
      var tags: [Int64: UInt64] = [:]
      guard let table = pointer(layout.dynamic.address) else { return [] }
      for index in 0..<Int(min(layout.dynamic.size / 16, 4_096)) {
        let tag = table.load(fromByteOffset: index * 16, as: Int64.self)
        if tag == ELF.tagNull { break }
        tags[tag] = table.load(fromByteOffset: index * 16 + 8, as: UInt64.self)
      }
      func located(_ tag: Int64) -> UnsafeRawPointer? {
        guard let value = tags[tag] else { return nil }
        return value < UInt64(layout.bias)
          ? pointer(value) : UnsafeRawPointer(bitPattern: UInt(value))
      }
      guard let strings = located(ELF.tagStringTable), let symbols = located(ELF.tagSymbolTable),
        let stringsSize = tags[ELF.tagStringTableSize]
      else { return [] }
      var relocationTables: [(UnsafeRawPointer, UInt64)] = []
      if let jumps = located(ELF.tagJumpRel), let size = tags[ELF.tagPLTRelSize],
        tags[ELF.tagPLTRel] == UInt64(ELF.tagRela)
      {
        relocationTables.append((jumps, size))
      }
      if let relocations = located(ELF.tagRela), let size = tags[ELF.tagRelaSize] {
        relocationTables.append((relocations, size))
      }
      let wanted = Array(symbol.utf8)
      var found: [Slot] = []
      for (relocations, size) in relocationTables where found.isEmpty {
        for index in 0..<Int(min(size / 24, 1 << 20)) {
          let entry = relocations + index * 24
          let info = entry.load(fromByteOffset: 8, as: UInt64.self)
          let type = UInt32(truncatingIfNeeded: info)
          guard type == ELF.jumpSlot || type == ELF.globalData else { continue }
          let symbolIndex = Int(info >> 32)
          let nameOffset = UInt64((symbols + symbolIndex * 24).load(as: UInt32.self))
          guard nameOffset + UInt64(wanted.count) < stringsSize,
            memcmp(strings + Int(nameOffset), wanted, wanted.count) == 0,
            strings.load(fromByteOffset: Int(nameOffset) + wanted.count, as: UInt8.self) == 0
          else { continue }
          let offset = entry.load(as: UInt64.self)
          guard let address = UnsafeMutableRawPointer(mutating: pointer(offset)) else { continue }
          let isReadOnly = layout.relro.contains {
            offset >= $0.address && offset < $0.address + $0.size
          }
          found.append(Slot(address: address, isReadOnly: isReadOnly))
        }
      }
      return found
    }
  }
#endif
