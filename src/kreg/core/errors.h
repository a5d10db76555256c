// Typed errors of the kreg library. Each carries a one-line message that names the
// file, line, column or key at fault; the command line maps them to exit codes
// (DataError, ConfigError, ModelFormatError -> 2; NumericalError -> 1).
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
class ConfigError : public Error {
 public:
  using Error::Error;
};

/// A model file that is not a kreg model, has an unknown version, or is inconsistent.
class ModelFormatError : public Error {
 public:
  using Error::Error;
};

/// Numerical trouble that the user must hear about (factorisation failed, not psd, ...).
class NumericalError : public Error {
 public:
  using Error::Error;
};

}  // namespace kreg
