// The man page kreg(1), written from the command line's own definition (command_line_doc.h).
#pragma once

#include <string>
#include <vector>

#include "command_line_doc.h"

namespace kreg::docgen {

/// kreg.1 in roff (man macros): NAME, SYNOPSIS, DESCRIPTION, OPTIONS (of the program and of
/// every command), COMMANDS (each with its own options), EXIT STATUS, ENVIRONMENT, FILES,
/// EXAMPLES (`examples`: shell lines) and SEE ALSO.
std::string man_page(const CommandLineDoc& doc, const std::string& version, const std::vector<std::string>& examples);

}  // namespace kreg::docgen
