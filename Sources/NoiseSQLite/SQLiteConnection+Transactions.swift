/// Transactions: what a body writes is committed whole, or not at all when it throws.
extension SQLiteConnection {
    /// Runs `body` in a transaction begun IMMEDIATE (the write lock taken at once, so two writers wait at the
    /// start rather than fail half-way); commits when it returns, rolls back and rethrows when it throws or the
    /// commit fails.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute(sql: "BEGIN IMMEDIATE TRANSACTION")
        do {
            let result = try body()
            try execute(sql: "COMMIT TRANSACTION")
            return result
        } catch {
            // Some errors (a full disk, an I/O error) have rolled the transaction back already.
            if isInTransaction { try? execute(sql: "ROLLBACK TRANSACTION") }
            throw error
        }
    }
}
