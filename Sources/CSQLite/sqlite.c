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
