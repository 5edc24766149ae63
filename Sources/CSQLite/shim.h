#ifndef NOISECLOCK_CSQLITE_SHIM_H
#define NOISECLOCK_CSQLITE_SHIM_H
#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: refuse double-quoted string literals in SQL, so a
// misspelt "identifier" is an error instead of a string (as GRDB configured every connection).
static inline int noise_sqlite3_refuse_double_quoted_strings(sqlite3 *db) {
    int code = sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
    if (code != SQLITE_OK) return code;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (int *)0);
}

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, a macro Swift does not import: SQLite copies the
// bytes before the bind returns.
static inline int noise_sqlite3_bind_text_copy(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

static inline int noise_sqlite3_bind_blob_copy(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}
#endif
