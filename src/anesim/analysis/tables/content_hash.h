// A short hash of a text (64-bit FNV-1a, hex): what timing tables, cache
// scopes and cache entries are keyed and checksummed by. Not a defence
// against a forger, a guard against edits and damage.
#pragma once

#include <string>

namespace anesim {

std::string content_hash(const std::string& text);

}  // namespace anesim
