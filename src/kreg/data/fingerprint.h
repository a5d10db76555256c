// A fingerprint of a data set's contents: the same numbers and names give the same 16 hex
// digits on any machine, whatever the file was called or where it lived. It tells whether two
// processes read the same data (the shards of `kreg cv --shard`); it is not a security hash.
#pragma once

#include <string>

#include "kreg/data/dataset.h"

namespace kreg {

/// FNV-1a (64 bits) over the shape, the feature and target names, and the bits of X and y.
std::string data_fingerprint(const Dataset& data);

}  // namespace kreg
