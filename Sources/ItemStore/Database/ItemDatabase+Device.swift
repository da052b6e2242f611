import Foundation

/// The device record: opaque blobs the engine keeps next to the items (wrapped keybag,
/// device state, clock, current caller), so a device file holds the whole simulated phone.
extension ItemDatabase {
  /// Stores `blob` under `key`, replacing any previous value.
  public func saveDeviceBlob(_ blob: Data, forKey key: String) throws(ItemStoreError) {
    let sql =
      "INSERT INTO device (key, value) VALUES (?, ?)"
      + " ON CONFLICT(key) DO UPDATE SET value = excluded.value"
    do {
      try connection.withStatement(sql) { statement throws(SQLiteError) in
        try statement.bind([.text(key), .blob(blob)])
        try statement.run()
      }
    } catch {
      throw .sqlite(error)
    }
  }

  /// The blob stored under `key`, or `nil` if none was saved.
  public func deviceBlob(forKey key: String) throws(ItemStoreError) -> Data? {
    do {
      return try connection.withStatement("SELECT value FROM device WHERE key = ?") {
        statement throws(SQLiteError) in
        try statement.bind(.text(key), at: 1)
        return try statement.step() ? (statement.data(at: 0) ?? Data()) : nil
      }
    } catch {
      throw .sqlite(error)
    }
  }

  /// Removes the blob under `key`, if any.
  public func removeDeviceBlob(forKey key: String) throws(ItemStoreError) {
    do {
      try connection.withStatement("DELETE FROM device WHERE key = ?") {
        statement throws(SQLiteError) in
        try statement.bind(.text(key), at: 1)
        try statement.run()
      }
    } catch {
      throw .sqlite(error)
    }
  }

  /// The keys of every stored blob, sorted.
  public func deviceBlobKeys() throws(ItemStoreError) -> [String] {
    do {
      return try connection.withStatement("SELECT key FROM device ORDER BY key") {
        statement throws(SQLiteError) in
        var keys: [String] = []
        while try statement.step() {
          if case .text(let key) = statement.column(at: 0) { keys.append(key) }
        }
        return keys
      }
    } catch {
      throw .sqlite(error)
    }
  }
}
