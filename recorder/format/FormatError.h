// The one exception type of the format library: its message is a sentence for the user.
#pragma once

#include <stdexcept>
#include <string>

namespace runlens::format {

class FormatError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

} // namespace runlens::format
