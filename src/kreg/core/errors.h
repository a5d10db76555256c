// Typed errors of the kreg library. Each carries a one-line message that names the
// file, line, column or key at fault; the command line maps them to exit codes
// (DataError, ConfigError, ModelFormatError, ResourceError -> 2; NumericalError -> 1).
#pragma once

#include <stdexcept>
#include <string>

namespace kreg {

/// Base of every error the library throws on purpose.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Bad input data: unreadable file, malformed CSV, missing column, non-finite cell.
class DataError : public Error {
 public:
  using Error::Error;
};

/// Bad settings: unknown key, wrong type, value out of range, missing required option.
/// Set where a value is checked, with the key of that value ("bandwidth") and the problem
/// ("must be a finite number > 0, got -1"); the command line turns the key into where the
/// value came from (--bandwidth, cfg.json: key 'bandwidth'). A message without a key is kept
/// as it is.
class ConfigError : public Error {
 public:
  explicit ConfigError(const std::string& message) : Error(message), problem_(message) {}
  ConfigError(const std::string& key, const std::string& problem)
      : Error(key + ": " + problem), key_(key), problem_(problem) {}
  /// The settings key at fault; empty when the message names no single key.
  const std::string& key() const { return key_; }
  /// The message without its key.
  const std::string& problem() const { return problem_; }
  /// The same problem, blamed on another key (a grid the value came from: "bandwidth_grid").
  ConfigError with_key(const std::string& key) const { return ConfigError(key, problem_); }

 private:
  std::string key_, problem_;
};

/// A model file that is not a kreg model, has an unknown version, or is inconsistent.
class ModelFormatError : public Error {
 public:
  using Error::Error;
};

/// A run that needs more memory than the machine, the ulimit, the cgroup or --max-memory
/// allows; found before the large allocations are made (memory.h).
class ResourceError : public Error {
 public:
  using Error::Error;
};

/// Numerical trouble that the user must hear about (factorisation failed, not psd, ...).
class NumericalError : public Error {
 public:
  using Error::Error;
};

}  // namespace kreg
