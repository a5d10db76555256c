// The prose sections of kreg(1), which the command-line definition does not hold.
#pragma once

#include <string>

namespace kreg::docgen {

/// Each returns roff body text (no .SH line).
std::string man_description();
std::string man_data_files();
std::string man_exit_status();
std::string man_environment();
std::string man_files();
std::string man_bundled_examples();
std::string man_see_also();

}  // namespace kreg::docgen
