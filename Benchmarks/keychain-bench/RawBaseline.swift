// The raw baseline of keychain-bench: the same SecItem work done directly with SQLite prepared
// statements and libsodium (XChaCha20-Poly1305, keyed BLAKE2b), with no simulator in between,
// so the simulator's cost can be given as a ratio measured in the same process and run.
//
// Two schemas:
// - minimal: what a keychain needs at least: the primary key in clear columns with a UNIQUE
//   index, the secret sealed with the item's identity as associated data;
// - own: the project's schema (docs/fidelity.md, "Searchable columns: a keyed hash of every
// attribute (HIGH for the layout)"): every searchable column of `genp`
//   (ItemClass.searchColumns) holds a 16-byte keyed BLAKE2b hash, the UNIQUE index over the
//   hashed primary key, the class's indexes with partial indexes on nullable attributes, the
//   attributes sealed as one blob and the data as another.
// Both open the data column of a copy; the own schema also opens the attributes blob, as the
// simulator reads every sealed column of a row it visits.

import CSQLite
import CSodium
import Foundation
import ItemStore

/// A raw SQLite + libsodium keychain, one schema, in memory.
final class RawKeychain {
  enum Schema: String {
    case minimal = "raw SQLite + libsodium, minimal schema"
    case own = "raw SQLite + libsodium, the project's schema"
  }

  struct Failure: Error {
    let message: String
  }

  let schema: Schema
  private var database: OpaquePointer?
  private var insert: OpaquePointer?
  private var select: OpaquePointer?
  private var update: OpaquePointer?
  private var delete: OpaquePointer?
  private let key = [UInt8](repeating: 7, count: 32)
  private let searchKey = [UInt8](repeating: 9, count: 32)
  private let group = "com.example.bench"
  private let service = "com.example.bench"
  /// The own schema's searchable columns; the key's hashes are computed per call, as a
  /// keychain hashes each query's values.
  private let ownColumns: [String] = ItemClass.genp.searchColumns
  private let sealedColumns: [String] = ItemClass.genp.sealedColumns

  init(_ schema: Schema) throws(Failure) {
    self.schema = schema
    guard sodium_init() >= 0 else { throw Failure(message: "sodium_init failed") }
    guard sqlite3_open(":memory:", &database) == SQLITE_OK else {
      throw Failure(message: "cannot open an in-memory database")
    }
    switch schema {
    case .minimal:
      try execute(
        "CREATE TABLE genp (rowid INTEGER PRIMARY KEY, acct BLOB NOT NULL, svce BLOB NOT NULL, "
          + "agrp TEXT NOT NULL, labl BLOB, cdat REAL, mdat REAL, data BLOB, "
          + "UNIQUE(svce, acct, agrp))")
      insert = try prepare(
        "INSERT INTO genp (acct, svce, agrp, labl, cdat, mdat, data) VALUES (?,?,?,?,?,?,?)")
      select = try prepare(
        "SELECT rowid, data FROM genp WHERE svce = ? AND acct = ? AND agrp = ?")
      update = try prepare("UPDATE genp SET data = ?, mdat = ? WHERE rowid = ?")
      delete = try prepare("DELETE FROM genp WHERE svce = ? AND acct = ? AND agrp = ?")
    case .own:
      let key = ItemClass.genp.primaryKey
      let unique = ["svce", "acct"] + key.filter { $0 != "svce" && $0 != "acct" }
      var definitions = ["rowid INTEGER PRIMARY KEY AUTOINCREMENT"]
      for name in ownColumns {
        definitions.append("\"\(name)\" BLOB" + (key.contains(name) ? " NOT NULL" : ""))
      }
      for name in sealedColumns { definitions.append("\"\(name)\" BLOB") }
      definitions.append("UNIQUE(" + unique.map { "\"\($0)\"" }.joined(separator: ", ") + ")")
      try execute("CREATE TABLE genp (" + definitions.joined(separator: ", ") + ")")
      for columns in ItemClass.genp.indexes {
        let partial = columns.count == 1 && !key.contains(columns[0])
        try execute(
          "CREATE INDEX \"genp_\(columns.joined(separator: "_"))\" ON genp ("
            + columns.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
            + (partial ? " WHERE \"\(columns[0])\" IS NOT NULL" : ""))
      }
      let all = ownColumns + sealedColumns
      insert = try prepare(
        "INSERT INTO genp (" + all.map { "\"\($0)\"" }.joined(separator: ", ") + ") VALUES ("
          + Array(repeating: "?", count: all.count).joined(separator: ", ") + ")")
      let keyCondition = key.map { "\"\($0)\" = ?" }.joined(separator: " AND ")
      select = try prepare(
        "SELECT rowid, attrs, data FROM genp WHERE \(keyCondition) AND tomb = 0")
      update = try prepare("UPDATE genp SET data = ?, mdat = ?, attrs = ? WHERE rowid = ?")
      delete = try prepare("DELETE FROM genp WHERE \(keyCondition)")
    }
  }

  deinit {
    for statement in [insert, select, update, delete] { sqlite3_finalize(statement) }
    sqlite3_close(database)
  }

  // MARK: Operations

  /// Adds generic password `index` with `secret`.
  func add(_ index: Int, secret: [UInt8]) -> Bool {
    let account = Array("account-\(index)".utf8)
    let label = Array("label-\(index)".utf8)
    let now = Date().timeIntervalSinceReferenceDate
    let identity = self.identity(account)
    let data = seal(secret, associatedData: identity + Array("/data".utf8))
    guard let insert else { return false }
    sqlite3_reset(insert)
    switch schema {
    case .minimal:
      bind(insert, 1, account)
      bind(insert, 2, Array(service.utf8))
      bind(insert, 3, Array(group.utf8))
      bind(insert, 4, label)
      sqlite3_bind_double(insert, 5, now)
      sqlite3_bind_double(insert, 6, now)
      bind(insert, 7, data)
    case .own:
      let values: [String: [UInt8]] = [
        "acct": account, "svce": Array(service.utf8), "agrp": Array(group.utf8),
        "sync": [0], "vwht": [], "tkid": [], "musr": [], "ggrp": [], "labl": label,
        "cdat": bytes(of: now), "mdat": bytes(of: now),
      ]
      var attributes: [UInt8] = []
      for (name, value) in values.sorted(by: { $0.key < $1.key }) {
        attributes += Array(name.utf8) + [0] + value
      }
      for (position, name) in ownColumns.enumerated() {
        let column = Int32(position + 1)
        if name == "pdmn" {
          sqlite3_bind_text(insert, column, "ak", -1, csqlite_transient())
        } else if name == "tomb" {
          sqlite3_bind_int(insert, column, 0)
        } else if let value = values[name] {
          bind(insert, column, hash(name, value))
        } else {
          sqlite3_bind_null(insert, column)
        }
      }
      let first = Int32(ownColumns.count + 1)
      bind(insert, first, seal(attributes, associatedData: identity + Array("/attrs".utf8)))
      sqlite3_bind_null(insert, first + 1)
      bind(insert, first + 2, data)
    }
    return sqlite3_step(insert) == SQLITE_DONE
  }

  /// Reads and opens the secret of item `index`; `false` when it is not there.
  func copy(_ index: Int) -> Bool {
    let account = Array("account-\(index)".utf8)
    guard let select, bindKey(select, account) else { return false }
    guard sqlite3_step(select) == SQLITE_ROW else { return false }
    let identity = self.identity(account)
    if schema == .own {
      guard open(column(select, 1), associatedData: identity + Array("/attrs".utf8)) != nil
      else { return false }
    }
    let data = column(select, schema == .own ? 2 : 1)
    return open(data, associatedData: identity + Array("/data".utf8)) != nil
  }

  /// Replaces the secret of item `index` with `secret`.
  func update(_ index: Int, secret: [UInt8]) -> Bool {
    let account = Array("account-\(index)".utf8)
    guard let select, let update, bindKey(select, account) else { return false }
    guard sqlite3_step(select) == SQLITE_ROW else { return false }
    let rowid = sqlite3_column_int64(select, 0)
    let identity = self.identity(account)
    let now = Date().timeIntervalSinceReferenceDate
    sqlite3_reset(update)
    bind(update, 1, seal(secret, associatedData: identity + Array("/data".utf8)))
    switch schema {
    case .minimal:
      sqlite3_bind_double(update, 2, now)
      sqlite3_bind_null(update, 3)
    case .own:
      // The new modification date goes into its hash column and the attributes blob.
      let attributesAD = identity + Array("/attrs".utf8)
      guard var attributes = open(column(select, 1), associatedData: attributesAD) else {
        return false
      }
      attributes += Array("mdat".utf8) + [0] + bytes(of: now)
      bind(update, 2, hash("mdat", bytes(of: now)))
      bind(update, 3, seal(attributes, associatedData: identity + Array("/attrs".utf8)))
    }
    sqlite3_bind_int64(update, 4, rowid)
    sqlite3_reset(select)
    return sqlite3_step(update) == SQLITE_DONE
  }

  /// Deletes item `index`.
  func delete(_ index: Int) -> Bool {
    guard let delete, bindKey(delete, Array("account-\(index)".utf8)) else { return false }
    return sqlite3_step(delete) == SQLITE_DONE && sqlite3_changes(database) == 1
  }

  // MARK: Pieces

  /// Binds the primary key of the item with `account` to `statement`'s first parameters.
  private func bindKey(_ statement: OpaquePointer, _ account: [UInt8]) -> Bool {
    sqlite3_reset(statement)
    switch schema {
    case .minimal:
      bind(statement, 1, Array(service.utf8))
      bind(statement, 2, account)
      bind(statement, 3, Array(group.utf8))
    case .own:
      let values: [String: [UInt8]] = [
        "acct": account, "svce": Array(service.utf8), "agrp": Array(group.utf8), "sync": [0],
        "vwht": [], "tkid": [], "musr": [], "ggrp": [],
      ]
      for (position, name) in ItemClass.genp.primaryKey.enumerated() {
        guard let value = values[name] else { return false }
        bind(statement, Int32(position + 1), hash(name, value))
      }
    }
    return true
  }

  /// What the associated data of an item's sealed columns starts with: its class and key.
  private func identity(_ account: [UInt8]) -> [UInt8] {
    Array("genp/".utf8) + account + [0] + Array(service.utf8) + [0] + Array(group.utf8)
  }

  private func hash(_ name: String, _ value: [UInt8]) -> [UInt8] {
    let message = Array(name.utf8) + [0] + value
    var out = [UInt8](repeating: 0, count: 16)
    _ = csodium_generichash(&out, 16, message, UInt64(message.count), searchKey, 32)
    return out
  }

  /// nonce ‖ ciphertext ‖ tag.
  private func seal(_ plaintext: [UInt8], associatedData: [UInt8]) -> [UInt8] {
    let nonceBytes = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    let tagBytes = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
    var out = [UInt8](repeating: 0, count: nonceBytes + plaintext.count + tagBytes)
    out.withUnsafeMutableBytes { buffer in
      randombytes_buf(buffer.baseAddress!, nonceBytes)
      _ = csodium_aead_encrypt(
        buffer.baseAddress! + nonceBytes, plaintext, UInt64(plaintext.count), associatedData,
        UInt64(associatedData.count), buffer.baseAddress!, key)
    }
    return out
  }

  private func open(_ sealed: [UInt8], associatedData: [UInt8]) -> [UInt8]? {
    let nonceBytes = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    let tagBytes = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
    guard sealed.count >= nonceBytes + tagBytes else { return nil }
    var out = [UInt8](repeating: 0, count: sealed.count - nonceBytes - tagBytes)
    let status = sealed.withUnsafeBytes { input in
      csodium_aead_decrypt(
        &out, input.baseAddress! + nonceBytes, UInt64(sealed.count - nonceBytes),
        associatedData, UInt64(associatedData.count), input.baseAddress!, key)
    }
    return status == 0 ? out : nil
  }

  private func bytes(of date: Double) -> [UInt8] {
    withUnsafeBytes(of: date.bitPattern.littleEndian) { Array($0) }
  }

  private func bind(_ statement: OpaquePointer, _ index: Int32, _ value: [UInt8]) {
    _ = value.withUnsafeBytes {
      sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), csqlite_transient())
    }
  }

  private func column(_ statement: OpaquePointer, _ index: Int32) -> [UInt8] {
    let count = Int(sqlite3_column_bytes(statement, index))
    guard count > 0, let pointer = sqlite3_column_blob(statement, index) else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  private func execute(_ sql: String) throws(Failure) {
    guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
      throw Failure(message: "\(sql): \(String(cString: sqlite3_errmsg(database)))")
    }
  }

  private func prepare(_ sql: String) throws(Failure) -> OpaquePointer? {
    var statement: OpaquePointer?
    guard
      sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        == SQLITE_OK
    else { throw Failure(message: "\(sql): \(String(cString: sqlite3_errmsg(database)))") }
    return statement
  }
}

/// One baseline run on a fresh raw keychain: calls per second for each operation the
/// baseline has (add, copy by primary key, update, delete), sampled as `secItemRun` samples;
/// `afterAdds` runs once the keychain is full.
func rawRun(
  _ schema: RawKeychain.Schema, size: Int, failures: inout Int, afterAdds: () -> Void = {}
) throws -> [Operation: Double] {
  let keychain = try RawKeychain(schema)
  let secret = [UInt8](repeating: 0x42, count: 32)
  let sample = min(size, 10_000)
  let stride = max(1, size / sample)
  func rate(_ count: Int, _ body: (Int) -> Bool) -> Double {
    throughput(count: count, failures: &failures) { body($0) ? .errSecSuccess : .errSecParam }
  }
  var rates: [Operation: Double] = [:]
  rates[.add] = rate(size) { keychain.add($0, secret: secret) }
  afterAdds()
  rates[.copy] = rate(sample) { keychain.copy($0 * stride) }
  rates[.update] = rate(sample) { keychain.update($0 * stride, secret: Array("new-\($0)".utf8)) }
  rates[.delete] = rate(sample) { keychain.delete($0 * stride) }
  return rates
}

/// The simulator's and both baselines' rates at one size, run by run.
struct BaselineComparison {
  static let operations: [Operation] = [.add, .copy, .update, .delete]
  let size: Int
  var simulator: [Operation: [Double]] = [:]
  var minimal: [Operation: [Double]] = [:]
  var own: [Operation: [Double]] = [:]

  mutating func append(
    simulator: [Operation: Double], minimal: [Operation: Double], own: [Operation: Double]
  ) {
    for operation in Self.operations {
      self.simulator[operation, default: []].append(simulator[operation] ?? .nan)
      self.minimal[operation, default: []].append(minimal[operation] ?? .nan)
      self.own[operation, default: []].append(own[operation] ?? .nan)
    }
  }

  /// The median over the runs of baseline rate ÷ simulator rate (each run's own pair, so
  /// the machine's load drift cancels as far as it can).
  func ratio(_ operation: Operation, to baseline: [Operation: [Double]]) -> Double {
    let simulated = simulator[operation] ?? []
    let raw = baseline[operation] ?? []
    return median(zip(raw, simulated).map { $0 / $1 })
  }
}

func printComparisons(_ comparisons: [BaselineComparison]) {
  print(
    "| operation | items | simulator calls/s | minimal calls/s | own-schema calls/s "
      + "| × minimal | × own schema |")
  print("|---|---:|---:|---:|---:|---:|---:|")
  for comparison in comparisons {
    for operation in BaselineComparison.operations {
      let cells = [
        operation.rawValue, String(comparison.size),
        format(median(comparison.simulator[operation] ?? [])),
        format(median(comparison.minimal[operation] ?? [])),
        format(median(comparison.own[operation] ?? [])),
        String(format: "%.2f", comparison.ratio(operation, to: comparison.minimal)),
        String(format: "%.2f", comparison.ratio(operation, to: comparison.own)),
      ]
      print("| " + cells.joined(separator: " | ") + " |")
    }
  }
}
