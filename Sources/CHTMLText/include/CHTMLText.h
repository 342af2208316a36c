/* HTML to plain text with libxml2's HTML parser.
 *
 * The libxml2 headers stay inside this C target: they pull in the system's ICU headers, whose
 * definitions clash with the ICU that Foundation ships, so Swift never imports them. */
#ifndef DISCOVER_CHTMLTEXT_H
#define DISCOVER_CHTMLTEXT_H
#include <stddef.h>

/* Parses an HTML fragment (UTF-8, length bytes) and returns its text as a new UTF-8 string
 * that the caller frees with free(), or NULL when out of memory. The fragment is read as the
 * HTML5 tokenizer reads it (WHATWG HTML 13.2.5: a '<' that starts no tag is text, `</>` is
 * nothing, `</ p>` a comment, `&` without a reference text, every named reference known),
 * then the tags are read by libxml2's HTML parser when it is installed (else by a plain
 * scan). Markup is dropped and references decoded once. Block elements (p, div, li, h1-h6,
 * ...) are marked with a form feed (\f), <br> with a line feed (\n); white space inside text
 * (including \f and \n) becomes a plain space. Never prints anything and never touches the
 * network. */
char *dc_html_to_text(const char *html, size_t length);

/* Decodes the character references of plain text (a name), as dc_html_to_text decodes them but
 * a named one only with its semicolon, and keeps everything else, '<' included; line breaks and
 * tabs become spaces. A new UTF-8 string to free(), or NULL when out of memory. */
char *dc_html_decode_references(const char *text, size_t length);
#endif
