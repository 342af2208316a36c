/* SQLite (Debian's libsqlite3-0), linked, for the watched-episodes store.
 *
 * The whole of <sqlite3.h> is visible to Swift through this module; the helpers below are
 * what Swift cannot spell itself: SQLITE_TRANSIENT is a cast of -1 to a destructor pointer,
 * which Swift does not import. Unlike libcurl and libxml2 (opened with dlopen on first use),
 * libsqlite3 is linked: it needs only libc and libm, the app asks it on every start, and
 * dpkg-shlibdeps then writes the package's versioned Depends on libsqlite3-0 (DECISIONS.md). */
#ifndef DISCOVER_CSQLITE_H
#define DISCOVER_CSQLITE_H
#include <sqlite3.h>

/* Binds UTF-8 text (length bytes, copied by SQLite at once) to parameter index (from 1).
 * A NULL text binds the empty string (not SQL NULL). Returns SQLite's result code. */
int dc_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length);

/* The text of column (from 0) of the current row, NULL for SQL NULL; *length is its size in
 * bytes. Valid until the next step, reset or finalize of the statement. */
const unsigned char *dc_sqlite_column_text(sqlite3_stmt *statement, int column, int *length);

/* Binds bytes as a BLOB (length bytes, copied by SQLite at once) to parameter index (from 1).
 * Returns SQLite's result code. */
int dc_sqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length);

/* The bytes of a BLOB column (from 0) of the current row, NULL for none; *length is their
 * count. Valid until the next step, reset or finalize of the statement. */
const void *dc_sqlite_column_blob(sqlite3_stmt *statement, int column, int *length);

#endif
