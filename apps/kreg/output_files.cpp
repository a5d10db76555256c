// Output files: checks before the run, all-or-none writing after it (see output_files.h).
#include "output_files.h"

#include <algorithm>
#include <stdexcept>

#include "kreg/core/errors.h"

namespace kreg::cli {

OutputFiles::OutputFiles(const OptionSet& options, const std::vector<FileOption>& outputs,
                         const std::vector<FileOption>& inputs) {
  std::vector<std::pair<std::string, std::string>> seen;  // (identity, key) of inputs and outputs so far
  std::string standard_input_key;
  for (const auto& [key, path] : inputs) {
    if (path == "-") {
      if (!standard_input_key.empty())
        throw ConfigError(options.where(key) + ": standard input is already " + options.where(standard_input_key) +
                          "; give a file");
      standard_input_key = key;
    } else if (!path.empty()) {
      seen.emplace_back(file_identity(path), key);
    }
  }
  std::string standard_output_key;
  for (const auto& [key, path] : outputs) {
    if (path.empty()) continue;
    if (path == "-") {
      if (!standard_output_key.empty())
        throw ConfigError(options.where(key) + ": only one output can go to standard output ('-'), and " +
                          options.where(standard_output_key) + " does");
      standard_output_key = key;
      targets_.emplace_back(key, inspect_output(path));
      continue;
    }
    const OutputTarget target = inspect_output(path);
    const std::string reason = unwritable_reason(target);
    if (!reason.empty()) throw ConfigError(options.where(key) + ": cannot write '" + path + "': " + reason);
    // A device named twice (/dev/null for two outputs) harms nothing; a file would be clobbered.
    if (target.kind != OutputTarget::Kind::kSpecialFile) {
      const std::string id = file_identity(path);
      for (const auto& [other_id, other_key] : seen) {
        if (other_id != id) continue;
        const std::string& other = other_key;  // (a structured binding cannot be captured in C++17)
        const bool input =
            std::any_of(inputs.begin(), inputs.end(), [&other](const FileOption& f) { return f.first == other; });
        throw ConfigError(options.where(key) + ": '" + path + "' is also " + (input ? "the input " : "the output ") +
                          options.where(other) + "; give it another name");
      }
      seen.emplace_back(id, key);
    }
    targets_.emplace_back(key, target);
  }
  to_standard_output_ = !standard_output_key.empty();
}

void OutputFiles::add(const std::string& key, std::string content) {
  for (const auto& [k, target] : targets_)
    if (k == key) {
      set_.add(target, std::move(content));
      return;
    }
  throw std::logic_error("OutputFiles::add: no output option '" + key + "'");
}

void OutputFiles::commit(Streams& io) { set_.commit(io.out, &io.err); }

}  // namespace kreg::cli
