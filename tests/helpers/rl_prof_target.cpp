// A process with a known profile, for the stack sampler's tests and benchmark. Built with frame
// pointers and without sanitizers, so that its stacks look like those of a normal program.
//
//   rl_prof_target hot SECONDS        spins in runlens_profile_hot_function
//   rl_prof_target syscalls SECONDS   reads /dev/zero in small pieces: time in the kernel
//   rl_prof_target short SECONDS      spins in runlens_profile_short_lived_function, then exits
//   rl_prof_target mixed SECONDS      a mix of call chains, system calls and sorting (benchmark load)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace {

double now()
{
    timespec t {};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

volatile unsigned long g_sink = 0;

} // namespace

// extern "C" and noinline: one stable symbol name the tests look for.
extern "C" __attribute__((noinline)) void runlens_profile_hot_function(unsigned long rounds)
{
    unsigned long x = g_sink;
    for (unsigned long i = 0; i < rounds; ++i)
        x = x * 6364136223846793005ul + 1442695040888963407ul;
    g_sink = x;
}

extern "C" __attribute__((noinline)) void runlens_profile_short_lived_function(unsigned long rounds)
{
    unsigned long x = g_sink;
    for (unsigned long i = 0; i < rounds; ++i)
        x = (x ^ (x >> 7)) * 0x9E3779B97F4A7C15ul + i;
    g_sink = x;
}

extern "C" __attribute__((noinline)) void runlens_profile_read_zero(int fd, char* buffer, int rounds)
{
    for (int i = 0; i < rounds; ++i) {
        if (::read(fd, buffer, 4096) < 0)
            std::abort();
    }
}

extern "C" __attribute__((noinline)) void runlens_profile_sort(std::vector<unsigned>& values)
{
    for (auto& value : values) {
        g_sink = g_sink * 1103515245u + 12345u;
        value = unsigned(g_sink);
    }
    std::sort(values.begin(), values.end());
}

extern "C" __attribute__((noinline)) void runlens_profile_depth(int depth, unsigned long rounds)
{
    if (depth == 0)
        runlens_profile_hot_function(rounds);
    else
        runlens_profile_depth(depth - 1, rounds);
    g_sink = g_sink + 1; // not a tail call: every level stays on the stack
}

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: rl_prof_target hot|syscalls|short|mixed SECONDS\n");
        return 2;
    }
    const char* mode = argv[1];
    const double seconds = std::atof(argv[2]);
    const double end = now() + seconds;
    if (std::strcmp(mode, "hot") == 0) {
        while (now() < end)
            runlens_profile_hot_function(2'000'000);
    } else if (std::strcmp(mode, "short") == 0) {
        while (now() < end)
            runlens_profile_short_lived_function(2'000'000);
    } else if (std::strcmp(mode, "syscalls") == 0) {
        const int fd = ::open("/dev/zero", O_RDONLY | O_CLOEXEC);
        char buffer[4096];
        while (now() < end)
            runlens_profile_read_zero(fd, buffer, 1000);
        ::close(fd);
    } else if (std::strcmp(mode, "mixed") == 0) {
        const int fd = ::open("/dev/zero", O_RDONLY | O_CLOEXEC);
        char buffer[4096];
        std::vector<unsigned> values(20000);
        for (int round = 0; now() < end; ++round) {
            runlens_profile_depth(round % 24, 200'000);
            runlens_profile_read_zero(fd, buffer, 50);
            runlens_profile_sort(values);
        }
        ::close(fd);
    } else {
        std::fprintf(stderr, "rl_prof_target: unknown mode %s\n", mode);
        return 2;
    }
    return 0;
}
