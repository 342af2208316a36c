#include "CSQLite.h"
#include <stddef.h>

int dc_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text == NULL ? "" : text, text == NULL ? 0 : length, SQLITE_TRANSIENT);
}

const unsigned char *dc_sqlite_column_text(sqlite3_stmt *statement, int column, int *length) {
    const unsigned char *text = sqlite3_column_text(statement, column);
    *length = text == NULL ? 0 : sqlite3_column_bytes(statement, column);
    return text;
}

int dc_sqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}

const void *dc_sqlite_column_blob(sqlite3_stmt *statement, int column, int *length) {
    const void *bytes = sqlite3_column_blob(statement, column);
    *length = bytes == NULL ? 0 : sqlite3_column_bytes(statement, column);
    return bytes;
}
