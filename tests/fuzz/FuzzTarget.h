// What every fuzz target shares. A target is one function, LLVMFuzzerTestOneInput, built twice:
// with clang and libFuzzer (RUNLENS_FUZZ=ON, tests/fuzz/run-bounded.sh) to search for new inputs,
// and with the normal compiler and its sanitizers as a plain test that replays the target's corpus
// (FuzzReplayMain.cpp): the seeds and every input that ever crashed, hung or exhausted a reader.
//
// The contract checked: a reader given any bytes either returns or throws its own error type
// (FormatError, a collector's error ...). Anything else — a crash, a sanitizer report, an
// exception of another type, more than 2 GiB, a hang — is a finding.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <zlib.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fuzz {

inline std::string_view bytes(const std::uint8_t* data, std::size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}

// The input as a file the readers can open by path (they stat, mmap and reopen it), in memory:
// no disk traffic at thousands of inputs a second, and nothing left behind.
class MemoryFile
{
public:
    explicit MemoryFile(std::string_view content, const char* name = "fuzz-input")
        : m_fd(::memfd_create(name, MFD_CLOEXEC))
    {
        if (m_fd < 0)
            std::abort();
        for (std::size_t done = 0; done < content.size();) {
            const ssize_t wrote = ::write(m_fd, content.data() + done, content.size() - done);
            if (wrote <= 0)
                std::abort();
            done += std::size_t(wrote);
        }
        m_path = "/proc/self/fd/" + std::to_string(m_fd);
    }
    ~MemoryFile() { ::close(m_fd); }
    MemoryFile(const MemoryFile&) = delete;
    MemoryFile& operator=(const MemoryFile&) = delete;

    const std::string& path() const { return m_path; }

private:
    int m_fd;
    std::string m_path;
};

// Whole-archive targets take either a gzip stream (kept as it is) or anything else, which is
// gzip-compressed first: the fuzzer then mutates the tar headers and entries themselves instead of
// wasting its time on deflate streams whose checksum fails.
inline std::string asGzip(std::string_view input)
{
    if (input.size() >= 2 && static_cast<unsigned char>(input[0]) == 0x1f && static_cast<unsigned char>(input[1]) == 0x8b)
        return std::string(input);
    z_stream stream {};
    if (deflateInit2(&stream, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        std::abort();
    std::string out(deflateBound(&stream, uLong(input.size())) + 32, '\0');
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(input.data()));
    stream.avail_in = uInt(input.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = uInt(out.size());
    if (deflate(&stream, Z_FINISH) != Z_STREAM_END)
        std::abort();
    out.resize(stream.total_out);
    deflateEnd(&stream);
    return out;
}

// Several files in one input: the parts are separated by a line "--8<--" (seeds are written that
// way; the fuzzer moves, drops and duplicates separators like any other bytes).
inline std::vector<std::string_view> parts(std::string_view input, std::size_t count)
{
    constexpr std::string_view kSeparator = "\n--8<--\n";
    std::vector<std::string_view> result;
    while (result.size() + 1 < count) {
        const std::size_t at = input.find(kSeparator);
        if (at == std::string_view::npos)
            break;
        result.push_back(input.substr(0, at));
        input.remove_prefix(at + kSeparator.size());
    }
    result.push_back(input);
    result.resize(count);
    return result;
}

} // namespace fuzz
