// The bash completion of kreg, written from the command line's own definition
// (command_line_doc.h): subcommands, each one's options, and option values.
#pragma once

#include <string>

#include "command_line_doc.h"

namespace kreg::docgen {

/// A bash script defining _kreg and `complete -F _kreg kreg`. It completes the subcommand,
/// then that subcommand's options; after an option with a fixed set of values (--method,
/// --kernel, ...) those values, after a FILE option file names, after any other option that
/// takes a value nothing. `--option=value` is handled as `--option value`.
std::string bash_completion(const CommandLineDoc& doc);

}  // namespace kreg::docgen
