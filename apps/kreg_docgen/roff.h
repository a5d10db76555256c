// Text for roff (the man page's format): escapes, so that help text prints as written.
#pragma once

#include <string>

namespace kreg::docgen {

/// `text` (UTF-8) as roff input text: backslash and minus escaped, a break point after each
/// '|', every non-ASCII character as \[uXXXX], and a leading '.' or '\'' guarded so that no
/// line becomes a request.
std::string roff_text(const std::string& text);

/// Bold option name(s) and italic metavar: "\fB\-o\fR, \fB\-\-output\fR \fIFILE\fR".
std::string roff_bold(const std::string& text);
std::string roff_italic(const std::string& text);

}  // namespace kreg::docgen
