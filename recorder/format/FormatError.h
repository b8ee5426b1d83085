// The exceptions of the format library: FormatError, whose message is a sentence for the user,
// and ReadCancelled, for a read that its progress callback stopped.
#pragma once

#include <stdexcept>
#include <string>

namespace runlens::format {

class FormatError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// A progress callback returned false: readRunArchive or decodeProfile stopped, and nothing was read.
class ReadCancelled : public std::exception
{
public:
    const char* what() const noexcept override { return "reading the run archive was cancelled"; }
};

} // namespace runlens::format
