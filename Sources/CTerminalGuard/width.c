#define _XOPEN_SOURCE 700
#include <wchar.h>
#include "CTerminalGuard.h"

#include <locale.h>
#include <pthread.h>

/* The character widths of C.UTF-8, whatever the process's LC_CTYPE: under LC_ALL=C wcwidth()
 * answers -1 for every non-ASCII character, which would turn letters into replacement
 * characters in text that is not for the screen (JSON lines). glibc's UTF-8 width tables are
 * the same in every UTF-8 locale. */
static locale_t utf8_locale = (locale_t)0;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void open_utf8_locale(void) { utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0); }

int dc_wcwidth(unsigned int code_point) {
    pthread_once(&utf8_once, open_utf8_locale);
    if (utf8_locale == (locale_t)0) return wcwidth((wchar_t)code_point);
    locale_t previous = uselocale(utf8_locale);
    int width = wcwidth((wchar_t)code_point);
    uselocale(previous);
    return width;
}
