// "Did you mean ...?" for names a user typed: subcommands, options, methods, kernels, columns,
// config keys. A candidate is suggested when it equals the name but for letter case, or is
// within one edit (short names) or two edits (longer ones), a swap of neighbours counting as one.
#pragma once

#include <string>
#include <vector>

namespace kreg {

/// The closest candidate as defined above, or "" when none is close enough.
std::string closest_name(const std::string& given, const std::vector<std::string>& candidates);

/// " (did you mean 'x'?)" with the closest candidate, or "" (ready to append to a message).
/// `quote` is put around the suggestion ("'" for values, "" for --options).
std::string did_you_mean(const std::string& given, const std::vector<std::string>& candidates,
                         const std::string& quote = "'");

/// Whether `a` and `b` are equal but for the case of ASCII letters ("RBF" and "rbf").
bool equal_ignoring_case(const std::string& a, const std::string& b);

/// The name among `names` that equals `given` but for letter case, or `given` itself when none
/// does: names a user types (methods, kernels, solvers) are read in any case and kept in their
/// canonical form ("KRR" -> "krr").
std::string canonical_name(const std::string& given, const std::vector<std::string>& names);

/// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
/// neighbouring characters each cost 1.
std::size_t edit_distance(const std::string& a, const std::string& b);

}  // namespace kreg
