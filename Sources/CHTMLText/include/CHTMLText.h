/* HTML to plain text with libxml2's HTML parser.
 *
 * The libxml2 headers stay inside this C target: they pull in the system's ICU headers, whose
 * definitions clash with the ICU that Foundation ships, so Swift never imports them. */
#ifndef DISCOVER_CHTMLTEXT_H
#define DISCOVER_CHTMLTEXT_H
#include <stddef.h>

/* Parses an HTML fragment (UTF-8, length bytes) and returns its text as a new UTF-8 string
 * that the caller frees with free(), or NULL when out of memory. Markup is dropped and
 * entities decoded once. Block elements (p, div, li, h1-h6, ...) are marked with a form feed
 * (\f), <br> with a line feed (\n); white space inside text (including \f and \n) becomes a
 * plain space. Never prints anything and never touches the network. */
char *dc_html_to_text(const char *html, size_t length);
#endif
