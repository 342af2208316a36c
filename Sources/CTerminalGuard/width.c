#define _XOPEN_SOURCE 700
#include <wchar.h>
#include "CTerminalGuard.h"

int dc_wcwidth(unsigned int code_point) { return wcwidth((wchar_t)code_point); }
