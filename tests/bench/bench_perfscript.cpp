// `perf script` import on one core (issue 17, target in brackets):
//   - readPerfScript (period weighting, per-sample commands) over ~60 MB    [>= 500 MB/s CPU]
// of text as `perf script -F comm,pid,tid,cpu,time,period,event,ip,sym,dso` prints a busy machine
// of 16 CPUs: ~105 threads in ~45 processes (a C++ server, 16 postgres back ends, a JVM with JIT
// frames, a browser, 20 compiler jobs started by exec, make, python, kernel workers, the idle
// task), threads renamed by exec and prctl, cycles periods as frequency mode varies them (1 after
// a thread starts, then ramping up to a per-thread level with jitter), kernel frames with +0x
// offsets, C++ frames with their module paths, stacks 10-40 deep sharing prefixes, some [unknown]
// frames, hot and cold stacks with a skew, and leaf addresses that vary from sample to sample.
//
// It prints the input size, samples, MB/s of thread CPU time and of wall time (the best of 3 runs,
// 1 MB = 10^6 bytes) and the peak RSS, and checks the imported profile against what was generated:
// sample count, sum of periods, per-sample thread and command, the distinct commands and tasks,
// and stack depths. It fails (exit 1) only when a result is wrong, never on time.
//
//   bench_perfscript            ~60 MB, best of 3
//   bench_perfscript --quick    ~3 MB, one run (the CTest run)
//   bench_perfscript --write F  writes the ~60 MB text to F and exits (to compare other tools)
//   bench_perfscript --read F   times the import of the text of F instead (no checks)
//   bench_perfscript --import F imports F once as a whole process, as `runlens convert` reads a
//                               file (mapped, readPerfScript: in parallel when large), and prints
//                               what it imported: to time the whole process against other tools
//                               (--one-thread: readPerfScriptOnOneThread, for a pair with the above;
//                               --chunk-mb MB: readPerfScriptInChunks cutting chunks of that size)
//
// The import is timed on one thread (readPerfScriptOnOneThread: MB/s of its CPU time) and as
// readPerfScript does it, in parallel on every core for large texts (MB/s of wall time).
#include "ParallelPerfScriptImport.h"
#include "PerfScriptParser.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <vector>

using runlens::format::kNoStack;
using runlens::format::kUnknownPid;
using runlens::format::ProfileTables;

namespace {

// --- The machine that was profiled ---------------------------------------------------------------

struct Module {
    std::string path;
    bool kernel = false;
};

// A function at an address in a module; frame lines print an address inside it.
struct Function {
    std::string name;
    std::uint32_t module = 0;
    std::uint64_t address = 0;
    std::uint32_t size = 1; // 1: the line always prints `address` (unknown frames)
};

// What a process runs: its functions, and the stacks its threads are sampled in.
struct Program {
    std::vector<std::uint32_t> rootMain;   // _start ... main
    std::vector<std::uint32_t> rootThread; // clone3, start_thread ...
    std::vector<std::uint32_t> body;       // the program's own functions
    std::vector<std::uint32_t> libraryLeaf;   // libc / libstdc++ / vdso functions sampled at the leaf
    std::vector<std::uint32_t> syscallWrapper; // libc functions that enter the kernel
    std::vector<std::uint32_t> unknown;    // [unknown] frames (few addresses each)
    bool kernelOnly = false;               // kernel threads and the idle task
    std::vector<std::vector<std::uint32_t>> stacks; // outermost first
};

struct Thread {
    std::uint32_t pid = 0; // 0 with tid 0: the idle task, printed "0/0"
    std::uint32_t tid = 0;
    // Before and after `switchAt` (a sample number): the command, and the program it runs. exec
    // changes both, prctl(PR_SET_NAME) only the command.
    std::string command[2];
    std::uint32_t program[2] = {0, 0};
    std::uint64_t switchAt = ~std::uint64_t(0);
    double weight = 1.0;            // how busy it is
    std::uint32_t hotRotation = 0;  // which of its program's stacks are hot for it
    std::uint64_t periodLevel = 0;  // where frequency mode settles the cycles period
    std::uint64_t period = 0;       // the last one (0: not sampled yet)
    int part = 0;                   // 0 before switchAt, 1 after
};

std::uint64_t mix(std::uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ULL;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dULL;
    x ^= x >> 33;
    return x;
}

class Machine
{
public:
    explicit Machine(std::uint64_t seed)
        : m_random(seed)
    {
        buildKernel();
        buildPrograms();
        buildThreads();
    }

    std::vector<Module> modules;
    std::vector<Function> functions;
    std::vector<Program> programs;
    std::vector<Thread> threads;
    std::vector<std::vector<std::uint32_t>> kernelTails; // syscall paths, outermost first
    std::vector<std::uint32_t> pageFault;
    std::vector<std::uint32_t> timerInterrupt;

    std::mt19937_64 m_random;

private:
    std::uint32_t module(std::string path, bool kernel = false)
    {
        modules.push_back({std::move(path), kernel});
        return std::uint32_t(modules.size() - 1);
    }
    std::uint32_t function(std::string name, std::uint32_t module, std::uint64_t& cursor)
    {
        const std::uint32_t size = 0x20 + std::uint32_t(m_random() % 0x600);
        functions.push_back({std::move(name), module, cursor, size});
        cursor += size + (m_random() % 0x100);
        return std::uint32_t(functions.size() - 1);
    }
    std::vector<std::uint32_t> functionsOf(const std::vector<std::string>& names, std::uint32_t module, std::uint64_t& cursor)
    {
        std::vector<std::uint32_t> ids;
        for (const std::string& name : names)
            ids.push_back(function(name, module, cursor));
        return ids;
    }
    std::uint32_t unknownFrame(std::uint32_t module, std::uint64_t address)
    {
        functions.push_back({"[unknown]", module, address, 1});
        return std::uint32_t(functions.size() - 1);
    }

    // The kernel, shared by every process: syscall paths, page faults, timer interrupts, idle.
    std::uint32_t m_kernel = 0;
    std::uint64_t m_kernelCursor = 0xffffffff81000000ULL;
    std::map<std::string, std::uint32_t> m_kernelFunctions;

    std::vector<std::uint32_t> kernelChain(const std::vector<const char*>& names)
    {
        std::vector<std::uint32_t> chain;
        for (const char* name : names) {
            auto it = m_kernelFunctions.find(name);
            if (it == m_kernelFunctions.end())
                it = m_kernelFunctions.emplace(name, function(name, m_kernel, m_kernelCursor)).first;
            chain.push_back(it->second);
        }
        return chain;
    }

    void buildKernel()
    {
        m_kernel = module("[kernel.kallsyms]", true);
        const std::vector<const char*> entry = {"entry_SYSCALL_64_after_hwframe", "do_syscall_64"};
        const std::vector<std::vector<const char*>> paths = {
            {"__x64_sys_read", "ksys_read", "vfs_read", "ext4_file_read_iter", "filemap_read", "filemap_get_pages",
             "filemap_get_read_batch", "copy_page_to_iter", "_copy_to_iter", "copy_user_enhanced_fast_string"},
            {"__x64_sys_recvfrom", "__sys_recvfrom", "sock_recvmsg", "inet_recvmsg", "tcp_recvmsg", "tcp_recvmsg_locked",
             "skb_copy_datagram_iter", "__skb_datagram_iter", "_copy_to_iter"},
            {"__x64_sys_sendto", "__sys_sendto", "sock_sendmsg", "tcp_sendmsg", "tcp_sendmsg_locked", "tcp_push",
             "__tcp_push_pending_frames", "tcp_write_xmit", "__tcp_transmit_skb", "ip_queue_xmit", "__ip_queue_xmit",
             "ip_finish_output2", "__dev_queue_xmit", "dev_hard_start_xmit", "loopback_xmit"},
            {"__x64_sys_futex", "do_futex", "futex_wait", "futex_wait_queue", "schedule", "__schedule",
             "finish_task_switch.isra.0"},
            {"__x64_sys_epoll_wait", "do_epoll_wait", "ep_poll", "schedule_hrtimeout_range_clock", "schedule", "__schedule",
             "finish_task_switch.isra.0"},
            {"__x64_sys_write", "ksys_write", "vfs_write", "ext4_buffered_write_iter", "generic_perform_write",
             "ext4_da_write_begin", "__filemap_get_folio", "filemap_add_folio", "__filemap_add_folio"},
            {"__x64_sys_mmap", "ksys_mmap_pgoff", "vm_mmap_pgoff", "do_mmap", "mmap_region", "vma_merge"},
            {"__x64_sys_openat", "do_sys_openat2", "do_filp_open", "path_openat", "link_path_walk.part.0.constprop.0",
             "walk_component", "lookup_fast", "__d_lookup_rcu"},
        };
        for (const auto& path : paths) {
            std::vector<const char*> names = entry;
            names.insert(names.end(), path.begin(), path.end());
            kernelTails.push_back(kernelChain(names));
        }
        pageFault = kernelChain({"asm_exc_page_fault", "exc_page_fault", "do_user_addr_fault", "handle_mm_fault",
                                 "__handle_mm_fault", "do_anonymous_page", "vma_alloc_folio", "__folio_alloc",
                                 "__alloc_pages", "get_page_from_freelist", "clear_page_erms"});
        timerInterrupt = kernelChain({"asm_sysvec_apic_timer_interrupt", "sysvec_apic_timer_interrupt",
                                      "__sysvec_apic_timer_interrupt", "hrtimer_interrupt", "__hrtimer_run_queues",
                                      "tick_sched_timer", "tick_sched_handle", "update_process_times", "scheduler_tick",
                                      "task_tick_fair", "update_curr"});
    }

    // Stacks of a user-space program: prefixes shared as in a real call tree, bodies of the
    // program's functions, then a library leaf, a syscall into the kernel, a page fault or a
    // timer interrupt, or the program's own leaf; 10-40 frames.
    void makeStacks(Program& program, std::size_t count)
    {
        auto pick = [&](const std::vector<std::uint32_t>& from) { return from[m_random() % from.size()]; };
        for (std::size_t s = 0; s < count; ++s) {
            std::vector<std::uint32_t> body;
            if (s > 4 && m_random() % 5 != 0) {
                // Most stacks share a prefix with an earlier one (recent ones more often).
                const std::size_t window = std::min<std::size_t>(s, 64);
                const std::size_t parent = (m_random() % 3 == 0) ? m_random() % s : s - 1 - m_random() % window;
                body = m_bodies[parent];
                body.resize(std::max<std::size_t>(4, body.size() - m_random() % (body.size() + 1)));
            } else {
                body = (program.rootThread.empty() || m_random() % 3 == 0) ? program.rootMain : program.rootThread;
            }
            std::vector<std::uint32_t> tail;
            const unsigned kind = unsigned(m_random() % 100);
            if (kind < 30) {
                tail.push_back(pick(program.syscallWrapper));
                const auto& path = kernelTails[m_random() % kernelTails.size()];
                tail.insert(tail.end(), path.begin(), path.begin() + std::ptrdiff_t(4 + m_random() % (path.size() - 3)));
            } else if (kind < 55) {
                tail.push_back(pick(program.libraryLeaf));
                if (m_random() % 2)
                    tail.push_back(pick(program.libraryLeaf));
            } else if (kind < 62) {
                tail = pageFault;
                tail.resize(5 + m_random() % (pageFault.size() - 4));
            } else if (kind < 67) {
                tail = timerInterrupt;
                tail.resize(4 + m_random() % (timerInterrupt.size() - 3));
            }
            const std::size_t depth = 10 + m_random() % 31;
            const std::size_t bodyDepth = std::max<std::size_t>(body.size(), depth > tail.size() ? depth - tail.size() : 0);
            while (body.size() < bodyDepth) {
                // Interpreters recurse: the same frame several times in a row.
                const std::uint32_t next = pick(program.body);
                const std::size_t repeat = functions[next].name == "_PyEval_EvalFrameDefault" ? 1 + m_random() % 4 : 1;
                for (std::size_t r = 0; r < repeat && body.size() < bodyDepth; ++r)
                    body.push_back(next);
            }
            m_bodies.push_back(body);
            std::vector<std::uint32_t> stack = body;
            stack.insert(stack.end(), tail.begin(), tail.end());
            if (stack.size() > 40)
                stack.erase(stack.begin() + 20, stack.begin() + std::ptrdiff_t(20 + stack.size() - 40));
            // Without frame pointers, unwinding sometimes ends in [unknown].
            if (!program.unknown.empty() && m_random() % 10 == 0)
                stack[0] = pick(program.unknown);
            program.stacks.push_back(std::move(stack));
        }
    }

    std::vector<std::vector<std::uint32_t>> m_bodies; // of the program being built

    std::uint64_t m_userBase = 0x55d4c3a00000ULL;
    std::uint64_t nextBase(std::uint64_t span)
    {
        const std::uint64_t base = m_userBase;
        m_userBase += span + (m_random() % 0x1000) * 0x1000;
        return base;
    }

    struct Libraries {
        std::vector<std::uint32_t> libcLeaf, libcSyscall, cxxLeaf, roots, threadRoots, unknown;
    };
    // libc, libstdc++ and the vdso as mapped into one process (ASLR: other addresses per process).
    Libraries libraries(bool cxx)
    {
        Libraries l;
        std::uint64_t cursor = 0x7f3a1b200000ULL + (m_random() % 0x4000) * 0x100000;
        const std::uint32_t libc = module("/usr/lib/x86_64-linux-gnu/libc.so.6");
        l.libcLeaf = functionsOf({"__memmove_avx_unaligned_erms", "__memset_avx2_unaligned_erms", "malloc", "_int_malloc",
                                  "cfree@GLIBC_2.2.5", "_int_free", "__strlen_avx2", "__memcmp_avx2_movbe",
                                  "pthread_mutex_lock@@GLIBC_2.2.5", "__pthread_mutex_unlock_usercnt", "malloc_consolidate",
                                  "__strchr_avx2", "qsort_r", "msort_with_tmp.part.0"},
                                 libc, cursor);
        l.libcSyscall = functionsOf({"__libc_recv", "__libc_send", "__GI___libc_read", "__GI___libc_write",
                                     "__futex_abstimed_wait_common", "epoll_wait", "__mmap", "__libc_open64"},
                                    libc, cursor);
        l.roots = functionsOf({"__libc_start_main_impl", "__libc_start_call_main"}, libc, cursor);
        l.threadRoots = functionsOf({"__clone3", "start_thread"}, libc, cursor);
        l.unknown.push_back(unknownFrame(libc, cursor + 0x1234));
        l.unknown.push_back(unknownFrame(libc, cursor + 0x2f80));
        cursor += 0x300000;
        const std::uint32_t vdso = module("[vdso]");
        l.libcLeaf.push_back(function("__vdso_clock_gettime", vdso, cursor));
        if (cxx) {
            cursor += 0x100000;
            const std::uint32_t stdcxx = module("/usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30");
            l.cxxLeaf = functionsOf(
                {"operator new(unsigned long)", "operator delete(void*, unsigned long)",
                 "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::_M_mutate(unsigned long, "
                 "unsigned long, char const*, unsigned long)",
                 "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::_M_append(char const*, "
                 "unsigned long)",
                 "std::_Rb_tree_increment(std::_Rb_tree_node_base*)",
                 "std::_Rb_tree_insert_and_rebalance(bool, std::_Rb_tree_node_base*, std::_Rb_tree_node_base*, "
                 "std::_Rb_tree_node_base&)",
                 "std::condition_variable::wait(std::unique_lock<std::mutex>&)", "std::__detail::_Prime_rehash_policy::_M_need_rehash(unsigned long, unsigned long, unsigned long) const"},
                stdcxx, cursor);
            l.threadRoots.push_back(function("execute_native_thread_routine", stdcxx, cursor));
        }
        const std::uint32_t nowhere = module("[unknown]");
        for (int i = 0; i < 6; ++i)
            l.unknown.push_back(unknownFrame(nowhere, (m_random() % 2) ? 0 : 0x7ffd00000000ULL + (m_random() % 0xffffff) * 8));
        return l;
    }

    // A C++ program: its binary's functions, named as a demangler prints them.
    Program cxxProgram(const std::string& binary, const std::vector<std::string>& namespaces, std::size_t functionCount,
                       std::size_t stackCount)
    {
        static const char* const classes[] = {"Engine", "Scheduler", "Connection", "RequestHandler",
                                              "HashTable<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, unsigned long>",
                                              "Parser", "Session", "ThreadPool", "Arena", "BTreeNode<long, 64>", "Reactor",
                                              "Codec", "Compaction", "Optimizer", "RingBuffer<app::Event>", "(anonymous namespace)::Visitor"};
        static const char* const methods[] = {"run", "dispatch", "onRead", "process", "operator()", "flush", "parseHeader",
                                              "emplace_back", "find", "compute", "serialize", "handle", "step", "poll",
                                              "resize", "insert", "lookup", "encode", "decode", "merge"};
        static const char* const arguments[] = {"()", "(int)", "(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)",
                                                "(unsigned long, char const*)", "(std::vector<int, std::allocator<int> >&)",
                                                "() const", "(app::Request const&, app::Response*)",
                                                "(std::basic_string_view<char, std::char_traits<char> >)"};
        Program program;
        const Libraries l = libraries(true);
        std::uint64_t cursor = nextBase(0x800000);
        const std::uint32_t exe = module(binary);
        std::set<std::string> names;
        while (names.size() < functionCount) {
            std::string name = namespaces[m_random() % namespaces.size()] + "::" + classes[m_random() % std::size(classes)]
                             + "::" + methods[m_random() % std::size(methods)];
            if (m_random() % 7 == 0)
                name += "<true>";
            name += arguments[m_random() % std::size(arguments)];
            if (m_random() % 40 == 0)
                name = "std::_Function_handler<void (), " + name.substr(0, name.find('(')) + "()::{lambda()#1}>::_M_invoke(std::_Any_data const&)";
            names.insert(std::move(name));
        }
        std::vector<std::string> shuffled(names.begin(), names.end());
        std::shuffle(shuffled.begin(), shuffled.end(), m_random);
        program.body = functionsOf(shuffled, exe, cursor);
        program.rootMain = {function("_start", exe, cursor), l.roots[0], l.roots[1], function("main", exe, cursor)};
        program.rootThread = l.threadRoots;
        program.libraryLeaf = l.libcLeaf;
        program.libraryLeaf.insert(program.libraryLeaf.end(), l.cxxLeaf.begin(), l.cxxLeaf.end());
        program.syscallWrapper = l.libcSyscall;
        program.unknown = l.unknown;
        m_bodies.clear();
        makeStacks(program, stackCount);
        return program;
    }

    Program javaProgram(std::uint32_t pid, std::size_t stackCount)
    {
        Program program;
        const Libraries l = libraries(true);
        std::uint64_t cursor = 0x7f1c2d000000ULL;
        const std::uint32_t jvm = module("/usr/lib/jvm/java-17-openjdk-amd64/lib/server/libjvm.so");
        const std::uint32_t jit = module("/tmp/perf-" + std::to_string(pid) + ".map");
        std::vector<std::string> jitted = {"Interpreter", "Ljava/lang/Thread;::run", "Ljava/util/concurrent/ThreadPoolExecutor$Worker;::run",
                                           "Lorg/apache/tomcat/util/net/NioEndpoint$SocketProcessor;::doRun",
                                           "Lorg/apache/coyote/http11/Http11Processor;::service",
                                           "Lcom/example/shop/OrderService;::placeOrder",
                                           "Lcom/example/shop/Inventory;::reserve",
                                           "Ljava/util/HashMap;::getNode", "Ljava/lang/String;::hashCode",
                                           "Lcom/fasterxml/jackson/databind/ObjectMapper;::readValue",
                                           "Ljava/io/PrintStream;::print", "Ljava/util/ArrayList;::grow"};
        for (int i = 0; i < 40; ++i)
            jitted.push_back("Lcom/example/shop/generated/Handler" + std::to_string(i) + ";::invoke");
        program.body = functionsOf(jitted, jit, cursor);
        cursor = nextBase(0x1000000);
        const std::vector<std::uint32_t> vm = functionsOf({"JavaCalls::call_helper(JavaValue*, methodHandle const&, JavaCallArguments*, JavaThread*)",
                                                           "JavaMain", "thread_native_entry(Thread*)", "Thread::call_run()",
                                                           "JavaThread::thread_main_inner()", "CompileBroker::compiler_thread_loop()",
                                                           "C2Compiler::compile_method(ciEnv*, ciMethod*, int, bool, DirectiveSet*)",
                                                           "G1ParScanThreadState::trim_queue_to_threshold(unsigned int)",
                                                           "G1ParEvacuateFollowersClosure::do_void()", "SharedRuntime::resolve_static_call_C(JavaThread*)"},
                                                          jvm, cursor);
        program.body.insert(program.body.end(), vm.begin() + 5, vm.end());
        program.rootMain = {l.threadRoots[0], l.threadRoots[1], vm[2], vm[3], vm[4], vm[0]};
        program.rootThread = {l.threadRoots[0], l.threadRoots[1], vm[2], vm[3], vm[4]};
        program.libraryLeaf = l.libcLeaf;
        program.syscallWrapper = l.libcSyscall;
        program.unknown = l.unknown;
        m_bodies.clear();
        makeStacks(program, stackCount);
        return program;
    }

    Program pythonProgram(std::size_t stackCount)
    {
        Program program;
        const Libraries l = libraries(false);
        std::uint64_t cursor = nextBase(0x800000);
        const std::uint32_t python = module("/usr/bin/python3.11");
        program.body = functionsOf({"_PyEval_EvalFrameDefault", "_PyEval_EvalFrameDefault", "_PyEval_EvalFrameDefault",
                                    "_PyFunction_Vectorcall", "PyObject_Vectorcall", "method_vectorcall_O", "list_sort_impl",
                                    "dict_subscript", "_PyDict_SetItem_Take2", "unicode_hash", "long_add", "PyNumber_Add",
                                    "_PyObject_MakeTpCall", "slot_tp_call", "builtin_len", "_PyList_AppendTakeRef"},
                                   python, cursor);
        // The three names above are one function: keep the first, let the stack pick it thrice as often.
        program.body[1] = program.body[2] = program.body[0];
        program.rootMain = {function("_start", python, cursor), l.roots[0], l.roots[1], function("main", python, cursor),
                            function("Py_RunMain", python, cursor), function("pymain_run_python.constprop.0", python, cursor),
                            function("_PyRun_SimpleFileObject", python, cursor), function("run_mod", python, cursor)};
        program.libraryLeaf = l.libcLeaf;
        program.syscallWrapper = l.libcSyscall;
        program.unknown = l.unknown;
        m_bodies.clear();
        makeStacks(program, stackCount);
        return program;
    }

    Program shellProgram(const std::string& binary, std::size_t stackCount)
    {
        Program program;
        const Libraries l = libraries(false);
        std::uint64_t cursor = nextBase(0x200000);
        const std::uint32_t exe = module(binary);
        program.body = functionsOf({"execute_command", "execute_command_internal", "execute_simple_command", "expand_words",
                                    "expand_word_internal", "reader_loop", "parse_command", "yyparse", "shell_getc",
                                    "make_child", "execute_disk_command", "search_for_command", "find_user_command_internal",
                                    "hash_search", "xmalloc", "read_builtin", "eval_makefile", "update_goal_chain",
                                    "update_file", "check_dep", "f_mtime", "file_exists_p", "dir_file_exists_p", "hash_find_slot"},
                                   exe, cursor);
        program.rootMain = {function("_start", exe, cursor), l.roots[0], l.roots[1], function("main", exe, cursor)};
        program.libraryLeaf = l.libcLeaf;
        program.syscallWrapper = l.libcSyscall;
        program.unknown = l.unknown;
        m_bodies.clear();
        makeStacks(program, stackCount);
        return program;
    }

    // Kernel threads and the idle task: kernel frames only.
    Program kernelProgram(bool idle, std::size_t stackCount)
    {
        Program program;
        program.kernelOnly = true;
        const std::vector<std::uint32_t> root =
            idle ? kernelChain({"secondary_startup_64_no_verify", "start_secondary", "cpu_startup_entry", "do_idle",
                                "cpuidle_idle_call", "cpuidle_enter", "cpuidle_enter_state"})
                 : kernelChain({"ret_from_fork_asm", "ret_from_fork", "kthread", "worker_thread", "process_one_work"});
        const std::vector<std::vector<std::uint32_t>> leaves =
            idle ? std::vector<std::vector<std::uint32_t>>{kernelChain({"intel_idle", "mwait_idle_with_hints.constprop.0"}),
                                                           kernelChain({"acpi_idle_enter", "acpi_idle_do_entry", "acpi_safe_halt"}),
                                                           kernelChain({"poll_idle"})}
                 : std::vector<std::vector<std::uint32_t>>{
                       kernelChain({"wb_workfn", "wb_do_writeback", "wb_writeback", "__writeback_inodes_wb",
                                    "writeback_sb_inodes", "__writeback_single_inode", "do_writepages", "ext4_writepages",
                                    "ext4_do_writepages", "mpage_prepare_extent_to_map", "pagevec_lookup_range_tag"}),
                       kernelChain({"flush_to_ldisc", "tty_port_default_receive_buf", "receive_buf", "n_tty_receive_buf_common",
                                    "__receive_buf", "n_tty_receive_char_special"}),
                       kernelChain({"vmstat_update", "refresh_cpu_vm_stats", "decay_pcp_high", "free_pcppages_bulk"})};
        for (std::size_t s = 0; s < stackCount; ++s) {
            std::vector<std::uint32_t> stack = root;
            const auto& leaf = leaves[m_random() % leaves.size()];
            stack.insert(stack.end(), leaf.begin(), leaf.begin() + std::ptrdiff_t(1 + m_random() % leaf.size()));
            if (stack.size() < 10 || m_random() % 3 == 0) {
                stack.insert(stack.end(), timerInterrupt.begin(),
                             timerInterrupt.begin() + std::ptrdiff_t(3 + m_random() % (timerInterrupt.size() - 2)));
            }
            program.stacks.push_back(std::move(stack));
        }
        return program;
    }

    std::uint32_t add(Program program)
    {
        programs.push_back(std::move(program));
        return std::uint32_t(programs.size() - 1);
    }

    // Program indexes, by name.
    std::uint32_t m_appserver = 0, m_postgres = 0, m_java = 0, m_chrome = 0, m_cc1plus = 0, m_sh = 0, m_bash = 0,
                  m_make = 0, m_python = 0, m_idle = 0, m_kworker = 0;

    void buildPrograms()
    {
        m_appserver = add(cxxProgram("/opt/app/bin/appserver", {"app", "app::net", "app::db", "app::http", "absl::lts_20230125",
                                                                "folly", "boost::asio::detail", "google::protobuf::internal"},
                                     700, 2400));
        m_postgres = add(cxxProgram("/usr/lib/postgresql/15/bin/postgres", {"pg", "pg::executor", "pg::storage"}, 300, 900));
        m_java = add(javaProgram(4242, 1200));
        m_chrome = add(cxxProgram("/opt/google/chrome/chrome", {"v8::internal", "blink", "base", "mojo::core", "cc", "skia"},
                                  900, 1600));
        m_cc1plus = add(cxxProgram("/usr/libexec/gcc/x86_64-linux-gnu/12/cc1plus", {"cp", "tree_ssa", "rtl", "ggc", "ipa"},
                                   500, 1200));
        m_sh = add(shellProgram("/usr/bin/dash", 60));
        m_bash = add(shellProgram("/usr/bin/bash", 80));
        m_make = add(shellProgram("/usr/bin/make", 120));
        m_python = add(pythonProgram(500));
        m_idle = add(kernelProgram(true, 120));
        m_kworker = add(kernelProgram(false, 150));
    }

    void thread(std::uint32_t pid, std::uint32_t tid, std::string command, std::uint32_t program, double weight)
    {
        Thread t;
        t.pid = pid;
        t.tid = tid;
        t.command[0] = t.command[1] = std::move(command);
        t.program[0] = t.program[1] = program;
        t.weight = weight;
        t.hotRotation = std::uint32_t(m_random() % 100000);
        t.periodLevel = 200'000 + m_random() % 4'000'000;
        threads.push_back(std::move(t));
    }

    void buildThreads()
    {
        // Whether a thread changes command at some point of the run is set by the caller, which
        // knows the run's length (renames()).
        thread(2311, 2311, "appserver", m_appserver, 0.5);
        for (std::uint32_t i = 0; i < 32; ++i)
            thread(2311, 2320 + i, "worker-" + std::to_string(i), m_appserver, 1.0 + double(i % 4));
        thread(2311, 2360, "acceptor", m_appserver, 0.8);
        thread(2311, 2361, "metrics-flush", m_appserver, 0.3);
        for (std::uint32_t i = 0; i < 16; ++i)
            thread(900 + i * 3, 900 + i * 3, "postgres", m_postgres, 0.5 + double(i % 3));
        thread(4242, 4242, "java", m_java, 0.2);
        thread(4242, 4250, "C2 CompilerThre", m_java, 2.0);
        thread(4242, 4251, "C1 CompilerThre", m_java, 1.0);
        for (std::uint32_t i = 0; i < 4; ++i)
            thread(4242, 4260 + i, "GC Thread#" + std::to_string(i), m_java, 1.5);
        thread(4242, 4270, "VM Thread", m_java, 0.3);
        for (std::uint32_t i = 0; i < 8; ++i)
            thread(4242, 4300 + i, "http-nio-8080-e", m_java, 1.5);
        thread(5100, 5100, "chrome", m_chrome, 1.0);
        for (std::uint32_t i = 0; i < 4; ++i)
            thread(5100, 5120 + i, "V8 WorkerThread", m_chrome, 1.2);
        thread(5100, 5130, "Chrome_IOThread", m_chrome, 0.8);
        for (std::uint32_t i = 0; i < 4; ++i)
            thread(5100, 5140 + i, "ThreadPoolForeg", m_chrome, 0.6);
        thread(7001, 7001, "make", m_make, 0.4);
        for (std::uint32_t i = 0; i < 20; ++i)
            thread(7010 + i * 7, 7010 + i * 7, "sh", m_sh, 2.5);
        thread(8800, 8800, "python3", m_python, 3.0);
        thread(0, 0, "swapper", m_idle, 6.0);
        for (std::uint32_t i = 0; i < 4; ++i)
            thread(140 + i, 140 + i, "kworker/u16:" + std::to_string(i) + "-e", m_kworker, 0.3);
    }

public:
    // Exec and prctl during a run of `samples` samples: the compiler jobs are shells that exec
    // cc1plus, make was started from bash, the appserver's last worker was named by prctl late.
    void renames(std::uint64_t samples)
    {
        for (Thread& t : threads) {
            if (t.command[0] == "sh") {
                t.command[1] = "cc1plus";
                t.program[1] = m_cc1plus;
                t.switchAt = samples / 40 + m_random() % (samples / 2 + 1);
            } else if (t.command[0] == "make") {
                t.command[0] = "bash";
                t.program[0] = m_bash;
                t.switchAt = samples / 10;
            } else if (t.command[0] == "worker-31") {
                t.command[0] = "appserver";
                t.switchAt = samples / 3;
            }
        }
    }
};

// --- The text ------------------------------------------------------------------------------------

struct Expected {
    std::uint64_t samples = 0;
    std::uint64_t periodSum = 0;
    std::uint64_t frameLines = 0;
    std::vector<std::uint32_t> tid;       // per sample
    std::vector<std::uint32_t> command;   // per sample: index into commands
    std::vector<std::uint16_t> depth;     // per sample
    std::vector<std::string> commands;    // distinct, in order of appearance
    std::set<std::tuple<std::uint32_t, std::uint32_t, std::string>> tasks; // tid, pid (kUnknownPid for 0/0), command
};

void appendHex(std::string& out, std::uint64_t value, int width)
{
    char digits[17];
    int n = 0;
    do {
        digits[n++] = "0123456789abcdef"[value & 15];
        value >>= 4;
    } while (value);
    for (int i = n; i < width; ++i)
        out += ' ';
    while (n > 0)
        out += digits[--n];
}

// Samples as perf script prints them, in time order over 16 CPUs, until `bytes` are written.
std::string generate(std::size_t bytes, std::uint64_t seed, Expected& expected)
{
    Machine machine(seed);
    auto& random = machine.m_random;
    // ~1.4 KB a sample: the run's length in samples, for the renames.
    machine.renames(bytes / 1400);

    std::vector<double> cumulative;
    double total = 0;
    for (const Thread& t : machine.threads)
        cumulative.push_back(total += t.weight);
    auto pickThread = [&] {
        const double x = std::uniform_real_distribution<double>(0, total)(random);
        return std::size_t(std::lower_bound(cumulative.begin(), cumulative.end(), x) - cumulative.begin());
    };
    constexpr std::uint32_t cpus = 16;
    std::vector<std::size_t> running(cpus);
    std::vector<std::uint32_t> quantum(cpus, 0);

    std::map<std::string, std::uint32_t> commandIndex;
    std::string text;
    text.reserve(bytes + (1 << 16));
    std::uint64_t timeNs = 1843'201'337'000ULL;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    char header[128];

    while (text.size() < bytes) {
        const std::uint32_t cpu = std::uint32_t(random() % cpus);
        if (quantum[cpu] == 0) {
            running[cpu] = pickThread();
            quantum[cpu] = 1 + std::uint32_t(random() % 40);
        }
        --quantum[cpu];
        Thread& t = machine.threads[running[cpu]];
        if (t.part == 0 && expected.samples >= t.switchAt) {
            t.part = 1;
            if (t.program[1] != t.program[0])
                t.period = 0; // a new program: frequency mode starts over
        }
        const std::string& command = t.command[t.part];
        const Program& program = machine.programs[t.program[t.part]];

        // Frequency mode: the first sample of an event weighs 1, then the kernel raises the
        // period to reach the frequency, then it hovers around the thread's level.
        if (t.period == 0)
            t.period = 1;
        else if (t.period < t.periodLevel / 2)
            t.period = std::min<std::uint64_t>(t.periodLevel, t.period * (8 + random() % 300) + random() % 97);
        else
            t.period = std::uint64_t(double(t.periodLevel) * (0.75 + 0.5 * unit(random)));

        timeNs += 2'000 + random() % 28'000;
        std::snprintf(header, sizeof header, " %7u/%-7u [%03u] %5llu.%06llu: %10llu cycles: \n", t.pid, t.tid, cpu,
                      (unsigned long long)(timeNs / 1'000'000'000), (unsigned long long)(timeNs % 1'000'000'000 / 1000),
                      (unsigned long long)t.period);
        text += command;
        text += header;

        // Hot and cold stacks: a skew towards each thread's own hot ones.
        const double u = unit(random);
        const std::size_t stackIndex = (std::size_t(double(program.stacks.size()) * u * u * u) + t.hotRotation) % program.stacks.size();
        const std::vector<std::uint32_t>& stack = program.stacks[stackIndex];
        for (std::size_t i = stack.size(); i-- > 0;) {
            const Function& f = machine.functions[stack[i]];
            const Module& module = machine.modules[f.module];
            // The leaf's address varies with every sample; callers print their call site.
            const std::uint64_t offset = i + 1 == stack.size() ? random() % f.size
                                                               : mix((std::uint64_t(stack[i]) << 32) ^ stack[i + 1]) % f.size;
            text += '\t';
            appendHex(text, f.address + offset, 16);
            text += ' ';
            text += f.name;
            if (module.kernel) {
                text += "+0x";
                appendHex(text, offset, 0);
            }
            text += " (";
            text += module.path;
            text += ")\n";
        }
        text += '\n';

        const std::uint32_t pid = t.pid == 0 && t.tid == 0 ? kUnknownPid : t.pid;
        auto [it, added] = commandIndex.emplace(command, std::uint32_t(expected.commands.size()));
        if (added)
            expected.commands.push_back(command);
        expected.tasks.emplace(t.tid, pid, command);
        expected.tid.push_back(t.tid);
        expected.command.push_back(it->second);
        expected.depth.push_back(std::uint16_t(stack.size()));
        expected.frameLines += stack.size();
        expected.periodSum += t.period;
        ++expected.samples;
    }
    return text;
}

// --- Measuring and checking ----------------------------------------------------------------------

double threadCpuSeconds()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

double wallSeconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int failures = 0;
void check(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "FAILED: %s\n", what);
        ++failures;
    }
}

void verify(const ProfileTables& profile, const runlens::format::PerfScriptStatistics& statistics, const Expected& expected)
{
    const auto& rows = profile.samples;
    check(rows.size() == expected.samples, "every sample is imported");
    check(statistics.samples == expected.samples, "the statistics count every sample");
    check(statistics.unrecognizedLines == 0, "every line is recognized");
    check(statistics.otherEventSamples == 0 && statistics.event == "cycles", "one event, cycles");
    std::uint64_t periodSum = 0;
    for (std::size_t i = 0; i < rows.size(); ++i)
        periodSum += rows.periodAt(i);
    check(rows.period.size() == rows.size(), "every sample has its period");
    check(periodSum == expected.periodSum, "the periods add up to the generated sum");

    std::set<std::string> commands;
    std::set<std::tuple<std::uint32_t, std::uint32_t, std::string>> tasks;
    for (const auto& task : profile.tasks) {
        commands.insert(task.command);
        tasks.emplace(task.tid, task.pid, task.command);
    }
    check(commands.size() == expected.commands.size(), "as many distinct commands as generated");
    check(std::set<std::string>(expected.commands.begin(), expected.commands.end()) == commands, "the generated commands");
    check(tasks == expected.tasks && profile.tasks.size() == expected.tasks.size(), "one task per thread and command");
    check(rows.task.size() == rows.size(), "samples name their task (threads were renamed)");
    if (rows.size() != expected.samples || rows.task.size() != rows.size())
        return;
    std::uint64_t wrongCommand = 0;
    std::uint64_t wrongDepth = 0;
    std::uint64_t frames = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& task = profile.tasks[rows.task[i]];
        if (rows.tid[i] != expected.tid[i] || task.tid != expected.tid[i] || task.command != expected.commands[expected.command[i]])
            ++wrongCommand;
        std::size_t depth = 0;
        for (std::uint32_t s = rows.stack[i]; s != kNoStack; s = profile.stacks[s].parent)
            ++depth;
        frames += depth;
        if (depth != expected.depth[i])
            ++wrongDepth;
    }
    check(wrongCommand == 0, "each sample has its own thread and command");
    check(wrongDepth == 0 && frames == expected.frameLines, "each stack has its frames");
}

// Another tool's input (bench_flamegraph --write): the import alone, best of 3, no checks.
int timeFile(const char* path)
{
    std::string text;
    if (std::FILE* file = std::fopen(path, "rb")) {
        char buffer[1 << 16];
        std::size_t got = 0;
        while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0)
            text.append(buffer, got);
        std::fclose(file);
    } else {
        std::fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    double bestCpu = 1e300;
    double bestWall = 1e300;
    std::size_t samples = 0;
    for (int r = 0; r < 3; ++r) {
        const double cpuStart = threadCpuSeconds();
        const ProfileTables profile = runlens::format::readPerfScriptOnOneThread(text);
        bestCpu = std::min(bestCpu, threadCpuSeconds() - cpuStart);
        samples = profile.samples.size();
    }
    for (int r = 0; r < 3; ++r) {
        const double wallStart = wallSeconds();
        const ProfileTables profile = runlens::format::readPerfScriptInChunks(text);
        bestWall = std::min(bestWall, wallSeconds() - wallStart);
    }
    const double megabytes = double(text.size()) / 1e6;
    std::printf("bench_perfscript: %s, %.1f MB, %zu samples: one thread %.1f MB/s CPU (%.0f ms); "
                "in parallel (%u cores) %.1f MB/s wall (%.0f ms)\n",
                path, megabytes, samples, megabytes / bestCpu, bestCpu * 1e3, std::thread::hardware_concurrency(),
                megabytes / bestWall, bestWall * 1e3);
    return 0;
}

// One import of a file as a process that opens it would do it: mapped (as the app maps a file it
// imports), then readPerfScript. Prints what was imported, so that two builds can be compared.
int importFile(const char* path, unsigned threads, std::size_t chunkBytes)
{
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    struct stat status {};
    if (fd < 0 || ::fstat(fd, &status) != 0 || status.st_size <= 0) {
        std::fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    const auto size = std::size_t(status.st_size);
    void* mapping = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    ::close(fd);
    if (mapping == MAP_FAILED) {
        std::fprintf(stderr, "cannot map %s\n", path);
        return 1;
    }
    runlens::format::PerfScriptStatistics statistics;
    const std::string_view text(static_cast<const char*>(mapping), size);
    const ProfileTables profile = threads == 1   ? runlens::format::readPerfScriptOnOneThread(text, &statistics)
                                  : chunkBytes > 0 ? runlens::format::readPerfScriptInChunks(text, &statistics, {0, chunkBytes})
                                                   : runlens::format::readPerfScript(text, &statistics);
    std::uint64_t periods = 0;
    for (std::size_t i = 0; i < profile.samples.size(); ++i)
        periods += profile.samples.periodAt(i);
    std::printf("%s: %zu bytes, %zu samples (event %s, %llu of other events), periods %llu, %zu frames, %zu stacks, "
                "%zu tasks\n",
                path, size, profile.samples.size(), statistics.event.c_str(),
                (unsigned long long)statistics.otherEventSamples, (unsigned long long)periods, profile.frames.size(),
                profile.stacks.size(), profile.tasks.size());
    ::munmap(mapping, size);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    bool quick = false;
    const char* writePath = nullptr;
    const char* readPath = nullptr;
    const char* importPath = nullptr;
    bool oneThread = false;
    std::size_t chunkBytes = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else if (std::strcmp(argv[i], "--write") == 0 && i + 1 < argc) {
            writePath = argv[++i];
        } else if (std::strcmp(argv[i], "--read") == 0 && i + 1 < argc) {
            readPath = argv[++i];
        } else if (std::strcmp(argv[i], "--import") == 0 && i + 1 < argc) {
            importPath = argv[++i];
        } else if (std::strcmp(argv[i], "--one-thread") == 0) {
            oneThread = true;
        } else if (std::strcmp(argv[i], "--chunk-mb") == 0 && i + 1 < argc) {
            chunkBytes = std::size_t(std::atof(argv[++i]) * 1e6);
        } else {
            std::fprintf(stderr, "usage: %s [--quick] [--write FILE | --read FILE | --import FILE [--one-thread | --chunk-mb MB]]\n", argv[0]);
            return 2;
        }
    }
    if (readPath)
        return timeFile(readPath);
    if (importPath)
        return importFile(importPath, oneThread ? 1 : 0, chunkBytes);
    const std::size_t bytes = quick ? 3'000'000 : 60'000'000;

    Expected expected;
    const std::string text = generate(bytes, 17, expected);

    if (writePath) {
        std::FILE* file = std::fopen(writePath, "wb");
        if (!file || std::fwrite(text.data(), 1, text.size(), file) != text.size() || std::fclose(file) != 0) {
            std::fprintf(stderr, "cannot write %s\n", writePath);
            return 1;
        }
        std::printf("wrote %s: %zu bytes, %llu samples, %zu commands, %zu tasks\n", writePath, text.size(),
                    (unsigned long long)expected.samples, expected.commands.size(), expected.tasks.size());
        return 0;
    }

    const double megabytes = double(text.size()) / 1e6;
    std::printf("bench_perfscript: `perf script` text of %.1f MB (%zu bytes), %llu samples, %llu frame lines, "
                "%zu commands, %zu tasks%s\n",
                megabytes, text.size(), (unsigned long long)expected.samples, (unsigned long long)expected.frameLines,
                expected.commands.size(), expected.tasks.size(), quick ? " (quick)" : "");

    const int repetitions = quick ? 1 : 3;
    double bestCpu = 1e300;
    double bestWall = 1e300;
    ProfileTables profile;
    runlens::format::PerfScriptStatistics statistics;
    for (int r = 0; r < repetitions; ++r) {
        profile = ProfileTables{}; // the last result is freed outside the timed part
        const double cpuStart = threadCpuSeconds();
        const double wallStart = wallSeconds();
        profile = runlens::format::readPerfScriptOnOneThread(text, &statistics);
        const double wall = wallSeconds() - wallStart;
        const double cpu = threadCpuSeconds() - cpuStart;
        bestCpu = std::min(bestCpu, cpu);
        bestWall = std::min(bestWall, wall);
    }
    verify(profile, statistics, expected);

    // In parallel, every core: wall time. The same checks.
    double bestParallelWall = 1e300;
    for (int r = 0; r < repetitions; ++r) {
        profile = ProfileTables{};
        const double wallStart = wallSeconds();
        profile = runlens::format::readPerfScriptInChunks(text, &statistics);
        bestParallelWall = std::min(bestParallelWall, wallSeconds() - wallStart);
    }
    verify(profile, statistics, expected);

    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("  profile: %zu frames, %zu stacks, %zu tasks\n", profile.frames.size(), profile.stacks.size(),
                profile.tasks.size());
    std::printf("  readPerfScriptOnOneThread (best of %d):  %7.1f MB/s CPU (%.0f ms), %7.1f MB/s wall (%.0f ms)  [>= 500 MB/s]\n",
                repetitions, megabytes / bestCpu, bestCpu * 1e3, megabytes / bestWall, bestWall * 1e3);
    std::printf("  readPerfScriptInChunks (best of %d, %u cores):                        %7.1f MB/s wall (%.0f ms)\n",
                repetitions, std::thread::hardware_concurrency(), megabytes / bestParallelWall, bestParallelWall * 1e3);
    std::printf("  peak RSS: %.0f MB (the generated text included)\n", double(usage.ru_maxrss) / 1024.0);
    if (failures > 0)
        std::fprintf(stderr, "bench_perfscript: %d check(s) failed\n", failures);
    return failures == 0 ? 0 : 1;
}
