<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChartFigure</name>
    <message>
        <source>No samples in this window</source>
        <translation>此窗口内没有样本</translation>
    </message>
</context>
<context>
    <name>ChartGrid</name>
    <message>
        <source>Which instance to show: the aggregate of all, or one CPU, disk, interface …</source>
        <translation>要显示的实例：所有实例的汇总，或单个 CPU、磁盘、网络接口…</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Show every instance (each CPU, disk …) over time as a heat map</source>
        <translation>以热力图显示每个实例（每个 CPU、磁盘…）随时间的变化</translation>
    </message>
    <message>
        <source>Remove this chart</source>
        <translation>移除此图表</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>all (aggregate)</source>
        <translation>全部（汇总）</translation>
    </message>
    <message>
        <source>Export Heat Map…</source>
        <translation>导出热力图…</translation>
    </message>
    <message>
        <source>Export Chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Copy Heat Map as Image</source>
        <translation>将热力图复制为图像</translation>
    </message>
    <message>
        <source>Copy Chart as Image</source>
        <translation>将图表复制为图像</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Runlens opens performance runs recorded by runlens-rec and compares them: time-series charts, flame graphs and summary deltas between a baseline and the other runs.</source>
        <translation>Runlens 可打开由 runlens-rec 录制的性能运行记录并进行比较：时间序列图、火焰图，以及基线与其他运行之间的汇总差异。</translation>
    </message>
    <message>
        <source>Open the bundled demo runs.</source>
        <translation>打开内置的演示运行记录。</translation>
    </message>
    <message>
        <source>Run archives (.tar.gz) to open.</source>
        <translation>要打开的运行记录归档（.tar.gz）。</translation>
    </message>
    <message>
        <source>Run &apos;runlens --help&apos; for the options.</source>
        <translation>运行 &apos;runlens --help&apos; 查看可用选项。</translation>
    </message>
    <message>
        <source>Commands (run &apos;runlens COMMAND --help&apos;):</source>
        <translation>命令（详见 &apos;runlens COMMAND --help&apos;）：</translation>
    </message>
</context>
<context>
    <name>Comparability</name>
    <message>
        <source>The comparability rules are not valid: %1.</source>
        <translation>可比性规则无效：%1。</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>a key fact needs section, key and label</source>
        <translation>关键信息项需要 section、key 和 label</translation>
    </message>
    <message>
        <source>&quot;volatile&quot; must map sections to lists of keys</source>
        <translation>&quot;volatile&quot; 必须将各个分组映射到键列表</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%2 中为 %1</translation>
    </message>
    <message>
        <source>The runs differ in %1 (%2): differences in the results may come from the host, not from the change under test.</source>
        <translation>这些运行记录的 %1 不同（%2）：结果中的差异可能来自主机，而不是来自所测试的改动。</translation>
    </message>
    <message numerus="yes">
        <source>%n %1 value(s) differ: %2</source>
        <translation>
            <numerusform>%n 个 %1 值不同：%2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> 及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>. Check that the difference is the change under test.</source>
        <translation>。请确认该差异正是所测试的改动。</translation>
    </message>
</context>
<context>
    <name>ConnectDialog</name>
    <message>
        <source>Connect to a Host</source>
        <translation>连接到主机</translation>
    </message>
    <message>
        <source>host name, address or ~/.ssh/config alias</source>
        <translation>主机名、地址或 ~/.ssh/config 中的别名</translation>
    </message>
    <message>
        <source>from ~/.ssh/config, else your user name</source>
        <translation>取自 ~/.ssh/config，否则为你的用户名</translation>
    </message>
    <message>
        <source>from ~/.ssh/config, else 22</source>
        <translation>取自 ~/.ssh/config，否则为 22</translation>
    </message>
    <message>
        <source>optional, e.g. an EC2 .pem</source>
        <translation>可选，例如 EC2 的 .pem 文件</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Use ssh-agent</source>
        <translation>使用 ssh-agent</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主机(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Key file:</source>
        <translation>密钥文件(&amp;K)：</translation>
    </message>
    <message>
        <source>HOST-YYYYMMDD-HHMMSS</source>
        <translation>主机名-YYYYMMDD-HHMMSS</translation>
    </message>
    <message>
        <source>e.g. 30s, 4m or 1h30m</source>
        <translation>例如 30s、4m 或 1h30m</translation>
    </message>
    <message>
        <source>Sample CPU stacks (profile)</source>
        <translation>采样 CPU 调用栈（性能剖析）</translation>
    </message>
    <message>
        <source>Read CPU counters (PMU)</source>
        <translation>读取 CPU 计数器（PMU）</translation>
    </message>
    <message>
        <source>Run the recorder with sudo (needs passwordless sudo)</source>
        <translation>使用 sudo 运行录制器（需要免密码 sudo）</translation>
    </message>
    <message>
        <source>Delete the host&apos;s copy after fetching</source>
        <translation>取回后删除主机上的副本</translation>
    </message>
    <message>
        <source>Recording</source>
        <translation>录制</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Duration:</source>
        <translation>时长(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Interval:</source>
        <translation>间隔(&amp;I)：</translation>
    </message>
    <message>
        <source>Enter a host and start the recording.</source>
        <translation>请输入主机并开始录制。</translation>
    </message>
    <message>
        <source>&amp;Record and Fetch</source>
        <translation>录制并取回(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Stop Early</source>
        <translation>提前停止(&amp;S)</translation>
    </message>
    <message>
        <source>End the recording now; the recorder still writes the archive, which is then fetched</source>
        <translation>立即结束录制；录制器仍会写入归档，随后将其取回</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Private Key</source>
        <translation>私钥</translation>
    </message>
    <message>
        <source>Private keys (*.pem id_* *.key);;All files (*)</source>
        <translation>私钥 (*.pem id_* *.key);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Enter the host to record.</source>
        <translation>请输入要录制的主机。</translation>
    </message>
    <message>
        <source>Choose another run name: %1.</source>
        <translation>请选择其他运行名称：%1。</translation>
    </message>
    <message>
        <source>The recorder (runlens-rec) was not found next to Runlens; reinstall Runlens or set RUNLENS_REC.</source>
        <translation>在 Runlens 所在目录中未找到录制器（runlens-rec）；请重新安装 Runlens 或设置 RUNLENS_REC。</translation>
    </message>
    <message>
        <source>Unknown Host Key</source>
        <translation>未知的主机密钥</translation>
    </message>
    <message>
        <source>The authenticity of %1 cannot be established: it is not in your known_hosts file.

%2 key fingerprint:
%3

Compare it with the fingerprint the host&apos;s administrator (or the EC2 console&apos;s system log) gives. Trust this key and connect?</source>
        <translation>无法确认 %1 的真实性：它不在你的 known_hosts 文件中。

%2 密钥指纹：
%3

请将其与主机管理员（或 EC2 控制台的系统日志）提供的指纹进行比对。是否信任此密钥并连接？</translation>
    </message>
    <message>
        <source>SSH</source>
        <translation>SSH</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Several hosts, separated by commas or spaces, record the same way side by side</source>
        <translation>多个主机（以逗号或空格分隔）会以相同方式并行录制</translation>
    </message>
    <message>
        <source>R&amp;uns on Host…</source>
        <translation>主机上的运行记录(&amp;U)…</translation>
    </message>
    <message>
        <source>List the runs recorded on this host, fetch and open any of them, or delete them there</source>
        <translation>列出在此主机上录制的运行记录，取回并打开其中任意运行记录，或在主机上将其删除</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>waiting…</source>
        <translation>等待中…</translation>
    </message>
    <message>
        <source>Enter the host whose runs to browse.</source>
        <translation>请输入要浏览其运行记录的主机。</translation>
    </message>
    <message>
        <source>optional, e.g. sysbench cpu --time=60 --report-interval=1 run</source>
        <translation>可选，例如 sysbench cpu --time=60 --report-interval=1 run</translation>
    </message>
    <message>
        <source>A shell command the recorder runs on the host after its first sample. The recording ends when the command exits (or at the duration, if one is set), and its output is kept in the run.</source>
        <translation>记录器在主机上采集第一个样本后运行的 shell 命令。命令退出时（或设置了时长时到达时长）记录结束，其输出保存在运行中。</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Which benchmark&apos;s output to read as the workload&apos;s metrics (throughput, latency)</source>
        <translation>将哪个基准测试的输出读取为工作负载指标（吞吐量、延迟）</translation>
    </message>
    <message>
        <source>&amp;Workload:</source>
        <translation>工作负载(&amp;W):</translation>
    </message>
    <message>
        <source>&amp;Output metrics:</source>
        <translation>输出指标(&amp;O):</translation>
    </message>
</context>
<context>
    <name>ConvertCommand</name>
    <message>
        <source>Writes the CPU stacks of FILE (a run archive, folded stacks, or `perf script` output, plain or gzip) as folded stacks, one &quot;frame;frame;frame count&quot; line per stack, sorted, as stackcollapse-perf.pl prints them.</source>
        <translation>将 FILE（运行记录归档、折叠栈或 `perf script` 输出，未压缩或 gzip 压缩）中的 CPU 调用栈写为折叠栈：每个调用栈一行 &quot;frame;frame;frame count&quot;，已排序，与 stackcollapse-perf.pl 的输出相同。</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Append the process id to the process name (comm-PID).</source>
        <translation>在进程名后附加进程 ID（comm-PID）。</translation>
    </message>
    <message>
        <source>Append process and thread id (comm-PID/TID).</source>
        <translation>附加进程 ID 和线程 ID（comm-PID/TID）。</translation>
    </message>
    <message>
        <source>Mark kernel frames with _[k].</source>
        <translation>用 _[k] 标记内核栈帧。</translation>
    </message>
    <message>
        <source>Mark JIT frames with _[j].</source>
        <translation>用 _[j] 标记 JIT 栈帧。</translation>
    </message>
    <message>
        <source>Both --kernel and --jit.</source>
        <translation>同时启用 --kernel 和 --jit。</translation>
    </message>
    <message>
        <source>Show the address of frames without a symbol.</source>
        <translation>显示没有符号的栈帧的地址。</translation>
    </message>
    <message>
        <source>Write to this file instead of the standard output.</source>
        <translation>写入此文件而不是标准输出。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>give exactly one FILE to convert</source>
        <translation>请只指定一个要转换的 FILE</translation>
    </message>
    <message>
        <source>%1 is too large to convert: not enough memory.</source>
        <translation>%1 过大，无法转换：内存不足。</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot write to the standard output</source>
        <translation>无法写入标准输出</translation>
    </message>
    <message>
        <source>only the samples of the first event type, %1, are written; %2 samples of other events (%3 first) are left out, as stackcollapse-perf.pl does.</source>
        <translation>只写出第一种事件类型 %1 的样本；其他事件的 %2 个样本（首个为 %3）被略去，与 stackcollapse-perf.pl 相同。</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) were neither a sample header nor a frame and were skipped.</source>
        <translation>
            <numerusform>%n 行既不是样本头也不是栈帧，已跳过。</numerusform>
        </translation>
    </message>
    <message>
        <source>Count samples instead of adding up their periods (event counts), which is what stackcollapse-perf.pl does.</source>
        <translation>统计样本个数，而不是累加其周期（事件计数）；stackcollapse-perf.pl 累加的是周期。</translation>
    </message>
    <message>
        <source>give the runs whose series to write</source>
        <translation>请给出要写出其序列的运行</translation>
    </message>
    <message>
        <source>the runs are too large to convert: not enough memory.</source>
        <translation>运行太大，无法转换：内存不足。</translation>
    </message>
    <message>
        <source>no run has the metric %1</source>
        <translation>没有任何运行包含指标 %1</translation>
    </message>
    <message>
        <source>With csv or json: only this metric (repeatable).</source>
        <translation>用于 csv 或 json：仅此指标（可重复）。</translation>
    </message>
    <message>
        <source>id</source>
        <translation>标识</translation>
    </message>
    <message>
        <source>The profile to convert (folded), or the runs (csv, json).</source>
        <translation>要转换的剖析数据（folded），或运行（csv、json）。</translation>
    </message>
    <message>
        <source>steady state of %1: %2</source>
        <translation>%1 的稳态：%2</translation>
    </message>
    <message>
        <source>[RUN=]FROM:TO|steady</source>
        <translation>[RUN=]FROM:TO|steady</translation>
    </message>
    <message>
        <source>give both variants&apos; runs: --baseline A1 [--baseline A2 ...] --vs B1 [--vs B2 ...]</source>
        <translation>请给出两个变体的运行：--baseline A1 [--baseline A2 ...] --vs B1 [--vs B2 ...]</translation>
    </message>
    <message>
        <source>%1 has no stack samples (record with runlens-rec record --profile)</source>
        <translation>%1 没有栈采样（请用 runlens-rec record --profile 录制）</translation>
    </message>
    <message>
        <source>the runs are too large to compare: not enough memory.</source>
        <translation>运行太大，无法比较：内存不足。</translation>
    </message>
    <message>
        <source>baseline: %1; compared: %2; %3; columns: baseline compared change baseline_spread compared_spread verdict</source>
        <translation>基线：%1；比较：%2；%3；列：baseline compared change baseline_spread compared_spread verdict</translation>
    </message>
    <message>
        <source>samples per second</source>
        <translation>每秒采样数</translation>
    </message>
    <message>
        <source>shares of each variant&apos;s samples</source>
        <translation>各变体采样中的占比</translation>
    </message>
    <message>
        <source>fewer than three runs on a side: the frames&apos; changes are the plain difference of the pooled runs, untested against run-to-run noise.</source>
        <translation>某一侧少于三次运行：帧的变化是合并运行的简单差值，未针对运行间噪声进行检验。</translation>
    </message>
    <message>
        <source>Output format: &quot;folded&quot; (the stacks), &quot;diff-folded&quot; (two variants&apos; frames compared), &quot;csv&quot; or &quot;json&quot; (the series, one point per line: time, run, metric, instance, value).</source>
        <translation>输出格式：&quot;folded&quot;（栈）、&quot;diff-folded&quot;（两个变体的帧比较）、&quot;csv&quot; 或 &quot;json&quot;（序列，每行一个点：时间、运行、指标、实例、值）。</translation>
    </message>
    <message>
        <source>Only the points (csv, json) or stack samples (folded, diff-folded) between FROM and TO seconds after each run&apos;s start (500ms, 30s, 2.5m; either side may be left out). With csv or json also RUN=FROM:TO for one run (its name or 1-based position) and &quot;steady&quot; (or RUN=steady) for the steady state found in CPU busy and the workload metric, the reason on stderr. Repeatable.</source>
        <translation>仅包含每次运行开始后 FROM 到 TO 秒之间的点（csv、json）或栈采样（folded、diff-folded）（500ms、30s、2.5m；任一侧可省略）。对于 csv 或 json，还可用 RUN=FROM:TO 指定单次运行（名称或从 1 开始的序号），用 &quot;steady&quot;（或 RUN=steady）表示在 CPU 繁忙度和工作负载指标中找到的稳态，原因输出到 stderr。可重复。</translation>
    </message>
    <message>
        <source>With diff-folded: a run of the baseline variant (repeatable).</source>
        <translation>用于 diff-folded：基线变体的一次运行（可重复）。</translation>
    </message>
    <message>
        <source>With diff-folded: a run of the variant compared (repeatable).</source>
        <translation>用于 diff-folded：被比较变体的一次运行（可重复）。</translation>
    </message>
    <message>
        <source>With diff-folded: compare samples per second instead of shares of samples.</source>
        <translation>用于 diff-folded：比较每秒采样数而不是采样占比。</translation>
    </message>
    <message>
        <source>--window %1 is not FROM:TO in seconds (for example 30s:2m)</source>
        <translation>--window %1 不是以秒为单位的 FROM:TO（例如 30s:2m）</translation>
    </message>
    <message>
        <source>say which format to write: --to folded, diff-folded, csv or json</source>
        <translation>请指定要写出的格式：--to folded、diff-folded、csv 或 json</translation>
    </message>
</context>
<context>
    <name>ExportCommand</name>
    <message>
        <source>cannot write to the standard output</source>
        <translation>无法写入标准输出</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Exports charts, flame graphs, heat maps and the summary of runs for presentations: PNG (at 1×, 2× or 3×), SVG or PDF, drawn fresh at the target size in the presentation style. The first run is the baseline.</source>
        <translation>为演示文稿导出运行记录的图表、火焰图、热力图和汇总：PNG（1×、2× 或 3×）、SVG 或 PDF，按目标尺寸以演示样式重新绘制。第一个运行记录为基线。</translation>
    </message>
    <message>
        <source>The runs, the baseline first (the option takes every following file).</source>
        <translation>要比较的运行记录，基线在前（此选项会接收其后的所有文件）。</translation>
    </message>
    <message>
        <source>archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <source>A metric to chart, e.g. cpu.user or cpu.user[cpu3]. Repeatable: one chart each.</source>
        <translation>要绘制图表的指标，例如 cpu.user 或 cpu.user[cpu3]。可重复使用：每个指标一张图表。</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Export the flame graph of the last run.</source>
        <translation>导出最后一个运行记录的火焰图。</translation>
    </message>
    <message>
        <source>With --flamegraph: the differential flame graph of the last run against the baseline.</source>
        <translation>与 --flamegraph 一起使用：最后一个运行记录相对基线的差分火焰图。</translation>
    </message>
    <message>
        <source>With --diff: compare samples per second instead of shares of each run&apos;s samples.</source>
        <translation>与 --diff 一起使用：比较每秒样本数，而不是各运行中样本的占比。</translation>
    </message>
    <message>
        <source>Export the per-instance heat map of a metric (each CPU over time).</source>
        <translation>导出某个指标的逐实例热力图（每个 CPU 随时间的变化）。</translation>
    </message>
    <message>
        <source>Export the summary table: md, csv, png, svg or pdf.</source>
        <translation>导出汇总表：md、csv、png、svg 或 pdf。</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>png, svg or pdf (default: from the output file&apos;s suffix).</source>
        <translation>png、svg 或 pdf（默认：根据输出文件的后缀确定）。</translation>
    </message>
    <message>
        <source>WIDTHxHEIGHT in pixels, or 1920x1080, 1280x720, 4:3 (default 1920x1080).</source>
        <translation>以像素为单位的 WIDTHxHEIGHT，或 1920x1080、1280x720、4:3（默认 1920x1080）。</translation>
    </message>
    <message>
        <source>size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <source>PNG pixels per target pixel: 1, 2 or 3 (default 1).</source>
        <translation>每个目标像素对应的 PNG 像素数：1、2 或 3（默认 1）。</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>缩放倍数</translation>
    </message>
    <message>
        <source>presentation (default: large type, thick lines) or screen.</source>
        <translation>presentation（默认：大字号、粗线条）或 screen。</translation>
    </message>
    <message>
        <source>style</source>
        <translation>样式</translation>
    </message>
    <message>
        <source>The title (default: the runs compared).</source>
        <translation>标题（默认：所比较的运行记录）。</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>The subtitle (default: the window).</source>
        <translation>副标题（默认：时间窗口）。</translation>
    </message>
    <message>
        <source>A footnote under the figure.</source>
        <translation>图下方的脚注。</translation>
    </message>
    <message>
        <source>A footnote with each run&apos;s host: instance type, CPU, CPUs, memory, kernel.</source>
        <translation>包含各运行记录主机信息的脚注：实例类型、CPU、CPU 数量、内存、内核。</translation>
    </message>
    <message>
        <source>With --summary: only the metrics whose change is beyond noise.</source>
        <translation>与 --summary 一起使用：仅包含变化超出噪声的指标。</translation>
    </message>
    <message>
        <source>One page per metric instead of a grid on one page (PDF).</source>
        <translation>每个指标一页，而不是在一页上排成网格（PDF）。</translation>
    </message>
    <message>
        <source>Charts across in the grid (default: by count).</source>
        <translation>网格中每行的图表数（默认：根据图表数量确定）。</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>The file to write (- for the standard output, text formats only).</source>
        <translation>要写入的文件（- 表示标准输出，仅限文本格式）。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>More runs (after --runs A).</source>
        <translation>更多运行记录（位于 --runs A 之后）。</translation>
    </message>
    <message>
        <source>RUN…</source>
        <translation>运行记录…</translation>
    </message>
    <message>
        <source>give the runs: runlens export --runs A.tar.gz B.tar.gz --metric cpu.user -o out.svg</source>
        <translation>请指定运行记录：runlens export --runs A.tar.gz B.tar.gz --metric cpu.user -o out.svg</translation>
    </message>
    <message>
        <source>choose one of --metric (repeatable), --flamegraph, --heatmap or --summary</source>
        <translation>请从 --metric（可重复）、--flamegraph、--heatmap 或 --summary 中选择一个</translation>
    </message>
    <message>
        <source>--diff goes with --flamegraph</source>
        <translation>--diff 需与 --flamegraph 一起使用</translation>
    </message>
    <message>
        <source>unknown summary format &quot;%1&quot;: use md, csv, png, svg or pdf</source>
        <translation>未知的汇总格式 &quot;%1&quot;：请使用 md、csv、png、svg 或 pdf</translation>
    </message>
    <message>
        <source>give the file to write with -o, e.g. -o chart.svg</source>
        <translation>请用 -o 指定要写入的文件，例如 -o chart.svg</translation>
    </message>
    <message>
        <source>unknown format &quot;%1&quot;: use png, svg or pdf</source>
        <translation>未知的格式 &quot;%1&quot;：请使用 png、svg 或 pdf</translation>
    </message>
    <message>
        <source>cannot tell the format from &quot;%1&quot;: name it .png, .svg or .pdf, or give --format</source>
        <translation>无法根据 &quot;%1&quot; 判断格式：请将其命名为 .png、.svg 或 .pdf，或指定 --format</translation>
    </message>
    <message>
        <source>the size &quot;%1&quot; is not WIDTHxHEIGHT (100 to 10000 pixels each) or a preset: 1920x1080, 1280x720, 4:3</source>
        <translation>尺寸 &quot;%1&quot; 既不是 WIDTHxHEIGHT（各为 100 到 10000 像素），也不是预设值：1920x1080、1280x720、4:3</translation>
    </message>
    <message>
        <source>the scale must be 1, 2 or 3</source>
        <translation>缩放倍数必须为 1、2 或 3</translation>
    </message>
    <message>
        <source>unknown style &quot;%1&quot;: use presentation or screen</source>
        <translation>未知的样式 &quot;%1&quot;：请使用 presentation 或 screen</translation>
    </message>
    <message>
        <source>--columns takes 1 to 6</source>
        <translation>--columns 的取值为 1 到 6</translation>
    </message>
    <message>
        <source>--pages needs PDF: PNG and SVG hold one page</source>
        <translation>--pages 需要 PDF：PNG 和 SVG 只能包含一页</translation>
    </message>
    <message>
        <source>no run has the metric &quot;%1&quot; (runlens-rec info RUN lists them)</source>
        <translation>没有运行记录包含指标 &quot;%1&quot;（runlens-rec info RUN 可列出所有指标）</translation>
    </message>
    <message>
        <source>no run has instances of &quot;%1&quot; to draw a heat map of</source>
        <translation>没有运行记录包含可用于绘制热力图的 &quot;%1&quot; 实例</translation>
    </message>
    <message>
        <source>--diff needs two runs: the baseline and the run to compare</source>
        <translation>--diff 需要两个运行记录：基线和要比较的运行记录</translation>
    </message>
    <message>
        <source>%1 has no stack samples (record with runlens-rec record --profile)</source>
        <translation>%1 没有调用栈样本（请使用 runlens-rec record --profile 录制）</translation>
    </message>
    <message>
        <source>Flame graph: %1 against %2</source>
        <translation>火焰图：%1 对比 %2</translation>
    </message>
    <message>
        <source>Flame graph: %1</source>
        <translation>火焰图：%1</translation>
    </message>
    <message>
        <source>Summary: %1</source>
        <translation>汇总：%1</translation>
    </message>
    <message>
        <source>With --flamegraph: widths by the samples&apos; summed periods (event counts) instead of sample counts, where every run shown has periods.</source>
        <translation>与 --flamegraph 一起使用：宽度按样本周期之和（事件计数）而非样本数，前提是所显示的每个运行都有周期。</translation>
    </message>
    <message>
        <source>Only FROM to TO after each run&apos;s start, e.g. 30s:210s or 1m:5m (either side may be left out); RUN=FROM:TO for one run (its name or 1-based position); &quot;steady&quot; (or RUN=steady) for the steady state found in CPU busy and the workload metric, the reason on stderr. Repeatable.</source>
        <translation>只使用每次运行开始后 FROM 到 TO 的部分，例如 30s:210s 或 1m:5m（任一端可省略）；RUN=FROM:TO 只用于一次运行（其名称或从 1 开始的序号）；&quot;steady&quot;（或 RUN=steady）使用从 CPU 忙碌度和工作负载指标中找到的稳态，原因输出到 stderr。可重复。</translation>
    </message>
    <message>
        <source>[RUN=]FROM:TO|steady</source>
        <translation>[RUN=]FROM:TO|steady</translation>
    </message>
    <message>
        <source>steady state of %1: %2</source>
        <translation>%1 的稳态：%2</translation>
    </message>
    <message>
        <source>the differential flame graph uses %1&apos;s window for %2 too: a flame graph has one time range</source>
        <translation>差分火焰图对 %2 也使用 %1 的窗口：一张火焰图只有一个时间范围</translation>
    </message>
    <message>
        <source>CPUs %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>processes %1</source>
        <translation>进程 %1</translation>
    </message>
    <message>
        <source>threads %1</source>
        <translation>线程 %1</translation>
    </message>
    <message>
        <source> · only %1</source>
        <translation> · 仅 %1</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Flame graph (as shown)</source>
        <translation>火焰图（按当前显示）</translation>
    </message>
    <message>
        <source>Summary table (as filtered)</source>
        <translation>汇总表（按当前筛选）</translation>
    </message>
    <message>
        <source>One page per chart (PDF)</source>
        <translation>每个图表一页（PDF）</translation>
    </message>
    <message>
        <source>What the charts show (zoom)</source>
        <translation>图表当前显示的范围（缩放）</translation>
    </message>
    <message>
        <source>The time selection</source>
        <translation>所选时间范围</translation>
    </message>
    <message>
        <source>The whole run</source>
        <translation>整个运行</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <source>SVG vector drawing</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <source>PDF document</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Presentation (large type, thick lines)</source>
        <translation>演示（大字号、粗线条）</translation>
    </message>
    <message>
        <source>Report (closer to the screen)</source>
        <translation>报告（更接近屏幕显示）</translation>
    </message>
    <message>
        <source>Optional, e.g. the workload and its settings</source>
        <translation>可选，例如工作负载及其设置</translation>
    </message>
    <message>
        <source>Add each run&apos;s host (instance type, CPU, memory, kernel) to the footnote</source>
        <translation>在脚注中添加各运行记录的主机信息（实例类型、CPU、内存、内核）</translation>
    </message>
    <message>
        <source>E&amp;xport:</source>
        <translation>导出(&amp;X)：</translation>
    </message>
    <message>
        <source>Cha&amp;rts:</source>
        <translation>图表(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Heat map of:</source>
        <translation>热力图指标(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Window:</source>
        <translation>窗口(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <source>Sc&amp;ale:</source>
        <translation>缩放(&amp;A)：</translation>
    </message>
    <message>
        <source>St&amp;yle:</source>
        <translation>样式(&amp;Y)：</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>标题(&amp;T)：</translation>
    </message>
    <message>
        <source>Su&amp;btitle:</source>
        <translation>副标题(&amp;B)：</translation>
    </message>
    <message>
        <source>F&amp;ootnote:</source>
        <translation>脚注(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Copy Image</source>
        <translation>复制图像(&amp;C)</translation>
    </message>
    <message>
        <source>Nothing to export: choose at least one chart.</source>
        <translation>没有可导出的内容：请至少选择一个图表。</translation>
    </message>
    <message>
        <source>Pages: %1, %2 × %3 px</source>
        <translation>页数：%1，%2 × %3 px</translation>
    </message>
    <message>
        <source> (written at %1 × %2)</source>
        <translation>（以 %1 × %2 写出）</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>Page 1 of %1 (PDF holds them all), %2 × %3 px</source>
        <translation>第 1 页，共 %1 页（PDF 包含全部页面），%2 × %3 px</translation>
    </message>
    <message>
        <source>Each run&apos;s trim window</source>
        <translation>每个运行记录各自的裁剪窗口</translation>
    </message>
</context>
<context>
    <name>ExportSources</name>
    <message>
        <source> · only %1</source>
        <translation> · 仅 %1</translation>
    </message>
</context>
<context>
    <name>FigureTexts</name>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <source>Whole run (%1 – %2)</source>
        <translation>整个运行（%1 – %2）</translation>
    </message>
    <message>
        <source>Window %1 – %2</source>
        <translation>窗口 %1 – %2</translation>
    </message>
    <message>
        <source>%1 CPUs</source>
        <translation>%1 个 CPU</translation>
    </message>
    <message>
        <source>Linux %1</source>
        <translation>Linux %1</translation>
    </message>
    <message>
        <source>Each run&apos;s trim window</source>
        <translation>每个运行记录各自的裁剪窗口</translation>
    </message>
</context>
<context>
    <name>FigureWriter</name>
    <message>
        <source>Exported by Runlens</source>
        <translation>由 Runlens 导出</translation>
    </message>
    <message>
        <source>Cannot export to %1: %2</source>
        <translation>无法导出到 %1：%2</translation>
    </message>
    <message>
        <source>there is nothing to export</source>
        <translation>没有可导出的内容</translation>
    </message>
    <message>
        <source>%1 holds one page and this export has %2; choose PDF for several pages</source>
        <translation>%1 只能包含一页，而此次导出有 %2 页；如需多页，请选择 PDF</translation>
    </message>
</context>
<context>
    <name>FindingRules</name>
    <message>
        <source>The findings rules are not valid: %1.</source>
        <translation>发现规则无效：%1。</translation>
    </message>
    <message>
        <source>expected an object with a &quot;rules&quot; array</source>
        <translation>应为包含 &quot;rules&quot; 数组的对象</translation>
    </message>
    <message>
        <source>every rule must be an object</source>
        <translation>每条规则都必须是对象</translation>
    </message>
    <message>
        <source>rule %1 has severity &quot;%2&quot;; use info, warning or critical</source>
        <translation>规则 %1 的严重级别为 &quot;%2&quot;；请使用 info、warning 或 critical</translation>
    </message>
    <message>
        <source>rule %1 has scope &quot;%2&quot;; use run or comparison</source>
        <translation>规则 %1 的范围为 &quot;%2&quot;；请使用 run 或 comparison</translation>
    </message>
    <message>
        <source>rule %1 uses the unknown statistic &quot;%2&quot;</source>
        <translation>规则 %1 使用了未知的统计量 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>rule %1 has the operator &quot;%2&quot;; use &gt;, &gt;=, &lt; or &lt;=</source>
        <translation>规则 %1 的运算符为 &quot;%2&quot;；请使用 &gt;、&gt;=、&lt; 或 &lt;=</translation>
    </message>
    <message>
        <source>rule %1 needs a numeric threshold</source>
        <translation>规则 %1 需要一个数值阈值</translation>
    </message>
    <message>
        <source>rule %1: &quot;host&quot; must be a non-empty list of conditions</source>
        <translation>规则 %1：&quot;host&quot; 必须是非空的条件列表</translation>
    </message>
    <message>
        <source>rule %1: a host condition needs a section and a key</source>
        <translation>规则 %1：主机条件需要 section 和 key</translation>
    </message>
    <message>
        <source>rule %1: the host condition on %2 needs an operator (&gt;, &gt;=, &lt; or &lt;=) and a numeric threshold</source>
        <translation>规则 %1：关于 %2 的主机条件需要运算符（&gt;、&gt;=、&lt; 或 &lt;=）和数值阈值</translation>
    </message>
    <message>
        <source>rule %1: the host condition on %2 needs &quot;in&quot;, &quot;not_in&quot; or an operator and threshold</source>
        <translation>规则 %1：关于 %2 的主机条件需要 &quot;in&quot;、&quot;not_in&quot;，或者运算符和阈值</translation>
    </message>
    <message>
        <source>rule %1 needs an id, a metric (or host conditions) and a sentence</source>
        <translation>规则 %1 需要 ID、指标（或主机条件）和描述语句</translation>
    </message>
    <message>
        <source>rule %1 tests host facts alone and must have scope run</source>
        <translation>规则 %1 仅检测主机信息，其范围必须为 run</translation>
    </message>
</context>
<context>
    <name>FlameGraphPanel</name>
    <message>
        <source>Flame graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>Icicle graph</source>
        <translation>冰柱图</translation>
    </message>
    <message>
        <source>Flame graph: callers at the bottom. Icicle graph: callers at the top.</source>
        <translation>火焰图：调用者在底部。冰柱图：调用者在顶部。</translation>
    </message>
    <message>
        <source>Compare with baseline</source>
        <translation>与基线比较</translation>
    </message>
    <message>
        <source>Colour the current run&apos;s flame graph by the change from the baseline run</source>
        <translation>按相对基线运行的变化为当前运行的火焰图着色</translation>
    </message>
    <message>
        <source>by share of samples</source>
        <translation>按样本占比</translation>
    </message>
    <message>
        <source>by samples per second</source>
        <translation>按每秒样本数</translation>
    </message>
    <message>
        <source>Share of samples compares where the time went; samples per second also shows how much more or less CPU was used</source>
        <translation>样本占比用于比较时间花在了哪里；每秒样本数还能显示 CPU 使用量增加或减少了多少</translation>
    </message>
    <message>
        <source>Search functions (regular expression)</source>
        <translation>搜索函数（正则表达式）</translation>
    </message>
    <message>
        <source>Top functions</source>
        <translation>热点函数</translation>
    </message>
    <message>
        <source>Frames the baseline has and the current run does not: they have no width in the graph</source>
        <translation>基线中有而当前运行中没有的栈帧：它们在图中没有宽度</translation>
    </message>
    <message>
        <source>Only in baseline</source>
        <translation>仅在基线中</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>The current run&apos;s samples per 20 ms, a column per second: drag to select a time range</source>
        <translation>当前运行每 20 ms 的样本数，每秒一列：拖动可选择时间范围</translation>
    </message>
    <message>
        <source>%1% matched</source>
        <translation>已匹配 %1%</translation>
    </message>
    <message>
        <source>None of the open runs has CPU stack samples. Record with stack sampling, or open folded stacks or `perf script` output.</source>
        <translation>打开的运行记录中都没有 CPU 调用栈样本。请在录制时启用调用栈采样，或打开折叠栈文件或 `perf script` 输出。</translation>
    </message>
    <message>
        <source>Computing the flame graph…</source>
        <translation>正在计算火焰图…</translation>
    </message>
    <message>
        <source>%1 samples of %2 between %3 s and %4 s (the selected range)</source>
        <translation>%2 在 %3 s 至 %4 s 之间的 %1 个样本（所选范围）</translation>
    </message>
    <message>
        <source>%1 samples of %2 (the whole run; select a range in a chart to narrow it)</source>
        <translation>%2 的 %1 个样本（整个运行；在图表中选择范围可缩小）</translation>
    </message>
    <message>
        <source>%1 baseline samples (%2% of the baseline)</source>
        <translation>%1 个基线样本（占基线的 %2%）</translation>
    </message>
    <message>
        <source>Only in baseline (%1)</source>
        <translation>仅在基线中（%1）</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>Event count (period)</source>
        <translation>事件计数（周期）</translation>
    </message>
    <message>
        <source>Samples: how often a stack was seen. Event count: the sum of the samples&apos; periods (cycles, nanoseconds), which weighs each sample by what it stands for when the kernel changed the period, as in frequency mode; what stackcollapse-perf.pl adds up.</source>
        <translation>样本：某个栈被看到的次数。事件计数：样本周期（周期数、纳秒）之和；当内核改变周期时（如频率模式），按每个样本所代表的量加权；stackcollapse-perf.pl 累加的就是它。</translation>
    </message>
    <message>
        <source>The runs shown record no periods (every sample weighs the same): only samples.</source>
        <translation>所显示的运行没有记录周期（每个样本权重相同）：只能按样本统计。</translation>
    </message>
    <message>
        <source>%1 events of %2 between %3 s and %4 s (the selected range)</source>
        <translation>%2 在 %3 秒到 %4 秒之间的 %1 个事件（所选范围）</translation>
    </message>
    <message>
        <source>%1 events of %2 (the whole run; select a range in a chart to narrow it)</source>
        <translation>%2 的 %1 个事件（整个运行；在图表中选择范围以缩小）</translation>
    </message>
    <message>
        <source>Colour noise</source>
        <translation>为噪声着色</translation>
    </message>
    <message>
        <source>When runs are tagged as repeats of variants (group or variant tags), frames whose change is within the noise of the repeats are drawn neutral. Check to colour every change.</source>
        <translation>当运行被标记为变体的重复运行（group 或 variant 标签）时，变化处于重复运行噪声范围内的帧以中性色绘制。勾选后为所有变化着色。</translation>
    </message>
    <message>
        <source>Processes &amp;&amp; CPUs</source>
        <translation>进程和 CPU</translation>
    </message>
    <message>
        <source>Which CPUs, processes and threads the flame graph counts, with their samples</source>
        <translation>火焰图统计的 CPU、进程和线程，及其采样数</translation>
    </message>
    <message>
        <source>%1 events of %2 in the runs&apos; trim windows (select a range in a chart to narrow it)</source>
        <translation>%2 在各运行裁剪窗口中的 %1 个事件（在图表中选择范围可缩小）</translation>
    </message>
    <message>
        <source>%1 samples of %2 in the runs&apos; trim windows (select a range in a chart to narrow it)</source>
        <translation>%2 在各运行裁剪窗口中的 %1 个采样（在图表中选择范围可缩小）</translation>
    </message>
    <message>
        <source>%1. Only %2.</source>
        <translation>%1。仅 %2。</translation>
    </message>
    <message>
        <source>Variants compared: %1 runs against %2 of the baseline, each frame tested across the runs.</source>
        <translation>已比较变体：%1 次运行对比基线的 %2 次，每个帧都在运行之间进行了检验。</translation>
    </message>
    <message>
        <source>Variants pooled: %1 runs against %2; fewer than three runs on a side give no noise to test against.</source>
        <translation>已合并变体：%1 次运行对比 %2 次；某一侧少于三次运行，无法得到可检验的噪声。</translation>
    </message>
    <message>
        <source>Indexing the profile of %1 (charts can be used meanwhile)…</source>
        <translation>正在为 %1 的性能剖析建立索引（期间可以使用图表）…</translation>
    </message>
</context>
<context>
    <name>FlameGraphRequest</name>
    <message>
        <source>%1 (%2 runs)</source>
        <translation>%1（%2 次运行）</translation>
    </message>
</context>
<context>
    <name>FlameGraphView</name>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>位于 %1</translation>
    </message>
    <message>
        <source>Samples: %1 (%2 of total)</source>
        <translation>样本：%1（占总数的 %2）</translation>
    </message>
    <message>
        <source>Self: %1 (%2 of total)</source>
        <translation>自身：%1（占总数的 %2）</translation>
    </message>
    <message>
        <source>Baseline: %1 (%2 of total), self %3</source>
        <translation>基线：%1（占总数的 %2），自身 %3</translation>
    </message>
    <message>
        <source>%1%2 samples/s</source>
        <translation>%1%2 样本/秒</translation>
    </message>
    <message>
        <source>%1%2 points</source>
        <translation>%1%2 个百分点</translation>
    </message>
    <message>
        <source>Change: %1 total, %2 self</source>
        <translation>变化：总计 %1，自身 %2</translation>
    </message>
    <message>
        <source>No stack samples in this range.</source>
        <translation>此范围内没有调用栈样本。</translation>
    </message>
    <message>
        <source>samples per second of the range</source>
        <translation>该范围的每秒样本数</translation>
    </message>
    <message>
        <source>share of each run&apos;s samples</source>
        <translation>各运行中样本的占比</translation>
    </message>
    <message>
        <source>Widths: %1 (%2 samples). Colour: change from the baseline, %3 (%4 samples), by %5.</source>
        <translation>宽度：%1（%2 个样本）。颜色：相对基线 %3（%4 个样本）的变化，按%5计算。</translation>
    </message>
    <message>
        <source>blue shrank, red grew (full colour: %1 samples/s)</source>
        <translation>蓝色表示减少，红色表示增加（全色：%1 样本/秒）</translation>
    </message>
    <message>
        <source>blue shrank, red grew (full colour: %1 points)</source>
        <translation>蓝色表示减少，红色表示增加（全色：%1 个百分点）</translation>
    </message>
    <message>
        <source>%1: %2 samples</source>
        <translation>%1：%2 个样本</translation>
    </message>
    <message>
        <source>Matched: %1 of samples</source>
        <translation>匹配的样本占比：%1</translation>
    </message>
    <message>
        <source>Event count: %1 (%2 of total)</source>
        <translation>事件计数：%1（占总数 %2）</translation>
    </message>
    <message>
        <source>%1%2 events/s</source>
        <translation>%1%2 事件/秒</translation>
    </message>
    <message>
        <source>events per second of the range</source>
        <translation>范围内每秒事件数</translation>
    </message>
    <message>
        <source>share of each run&apos;s events</source>
        <translation>各运行事件中的占比</translation>
    </message>
    <message>
        <source>Widths: %1 (%2 events). Colour: change from the baseline, %3 (%4 events), by %5.</source>
        <translation>宽度：%1（%2 个事件）。颜色：相对基线 %3（%4 个事件）的变化，按%5。</translation>
    </message>
    <message>
        <source>%1: %2 events (summed periods)</source>
        <translation>%1：%2 个事件（周期之和）</translation>
    </message>
    <message>
        <source>spread across runs ±%1 (baseline), ±%2 (this variant)</source>
        <translation>运行间离散度 ±%1（基线），±%2（本变体）</translation>
    </message>
    <message>
        <source>Beyond noise across %1 + %2 runs; %3</source>
        <translation>在 %1 + %2 次运行中超出噪声；%3</translation>
    </message>
    <message>
        <source>Within noise across %1 + %2 runs; %3</source>
        <translation>在 %1 + %2 次运行中处于噪声范围内；%3</translation>
    </message>
    <message>
        <source>Fewer than three runs on a side: the plain difference, untested</source>
        <translation>某一侧少于三次运行：简单差值，未检验</translation>
    </message>
    <message>
        <source>; changes within the noise of %1 + %2 runs drawn neutral</source>
        <translation>；处于 %1 + %2 次运行噪声范围内的变化以中性色绘制</translation>
    </message>
    <message>
        <source>; pooled %1 + %2 runs</source>
        <translation>；合并 %1 + %2 次运行</translation>
    </message>
</context>
<context>
    <name>FlameScopeView</name>
    <message>
        <source>Samples per 20 ms: one column per second. Drag from one cell to another to select that time.</source>
        <translation>每 20 ms 的样本数：每秒一列。从一个单元格拖动到另一个单元格可选择该时间段。</translation>
    </message>
    <message>
        <source>No stack samples</source>
        <translation>没有调用栈样本</translation>
    </message>
    <message>
        <source>%1 s + %2 ms: %3 samples</source>
        <translation>%1 s + %2 ms：%3 个样本</translation>
    </message>
    <message>
        <source>1000 ms</source>
        <translation>1000 ms</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 samples</source>
        <translation>%1 个采样</translation>
    </message>
    <message>
        <source>Samples per 20 ms:</source>
        <translation>每 20 ms 采样数：</translation>
    </message>
    <message>
        <source>0</source>
        <translation>0</translation>
    </message>
</context>
<context>
    <name>GettingStartedDialog</name>
    <message>
        <source>Getting Started</source>
        <translation>入门</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Getting started with Runlens&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Record.&lt;/b&gt; On the host under test, while the workload runs: &lt;code&gt;runlens-rec record --name baseline --duration 4m&lt;/code&gt;; change one thing and record again with &lt;code&gt;--name tuned&lt;/code&gt;. Or let File › Connect to Host… do it over SSH.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Open.&lt;/b&gt; File › Open Runs… (or drop the archives onto the window). The first run is the baseline. The welcome page&apos;s Open the Demo Runs shows a comparison straight away.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Look.&lt;/b&gt; Double-click a metric in the browser to chart it. Drag in a chart to zoom (every chart follows), Shift+drag to select a time range, double-click or Ctrl+0 to zoom out.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Compare.&lt;/b&gt; The Summary (Ctrl+3) lists what changed beyond noise for the selection; the Flame Graph (Ctrl+4) shows where the CPU time went, red where the tuned run spends more.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Share.&lt;/b&gt; File › Export… writes charts, the summary or the flame graph as PNG, SVG or PDF.&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;Ctrl+F searches in the panel you are working in. Help › Keyboard Shortcuts lists every key.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Runlens 入门&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;录制。&lt;/b&gt;在被测主机上，于工作负载运行期间执行：&lt;code&gt;runlens-rec record --name baseline --duration 4m&lt;/code&gt;；改动一处后用 &lt;code&gt;--name tuned&lt;/code&gt; 再录制一次。也可以通过 文件 › 连接到主机… 经 SSH 完成。&lt;/li&gt;&lt;li&gt;&lt;b&gt;打开。&lt;/b&gt;文件 › 打开运行记录…（或把归档拖到窗口上）。第一个运行记录是基线。欢迎页上的“打开演示运行记录”可立即展示一次对比。&lt;/li&gt;&lt;li&gt;&lt;b&gt;查看。&lt;/b&gt;在浏览器中双击指标即可绘制图表。在图表中拖动可缩放（所有图表同步），Shift+拖动选择时间范围，双击或 Ctrl+0 缩小。&lt;/li&gt;&lt;li&gt;&lt;b&gt;对比。&lt;/b&gt;汇总（Ctrl+3）列出所选范围内超出噪声的变化；火焰图（Ctrl+4）显示 CPU 时间的去向，红色表示调优后的运行花费更多。&lt;/li&gt;&lt;li&gt;&lt;b&gt;分享。&lt;/b&gt;文件 › 导出… 可将图表、汇总或火焰图写为 PNG、SVG 或 PDF。&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;Ctrl+F 在当前面板中搜索。帮助 › 键盘快捷键 列出所有按键。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>HeadlinePanel</name>
    <message>
        <source>Open a baseline and at least one other run to see what changed.</source>
        <translation>请打开一个基线和至少一个其他运行记录，以查看发生了哪些变化。</translation>
    </message>
    <message>
        <source>These runs may not be comparable</source>
        <translation>这些运行记录可能不具可比性</translation>
    </message>
    <message>
        <source>nothing beyond noise</source>
        <translation>没有超出噪声的变化</translation>
    </message>
    <message>
        <source>%1 against %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <source>Better:</source>
        <translation>更好：</translation>
    </message>
    <message>
        <source>Worse:</source>
        <translation>更差：</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>显示 %1</translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation>没有发现。</translation>
    </message>
    <message>
        <source>Workload:</source>
        <translation>工作负载：</translation>
    </message>
    <message>
        <source>Noise across repeats:</source>
        <translation>重复运行间的噪声：</translation>
    </message>
</context>
<context>
    <name>HeatMapView</name>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
</context>
<context>
    <name>HostFactsModel</name>
    <message>
        <source>Section</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>信息项</translation>
    </message>
</context>
<context>
    <name>HostFactsView</name>
    <message>
        <source>Only differences</source>
        <translation>仅显示差异</translation>
    </message>
    <message>
        <source>Hide the facts that are the same in every run</source>
        <translation>隐藏在所有运行记录中都相同的信息项</translation>
    </message>
</context>
<context>
    <name>KeyboardShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Runlens</source>
        <translation>Runlens</translation>
    </message>
    <message>
        <source>Open run archives or drop them here to compare them.</source>
        <translation>打开运行记录归档或将其拖放到此处进行比较。</translation>
    </message>
    <message>
        <source>&amp;Open Runs…</source>
        <translation>打开运行记录(&amp;O)…</translation>
    </message>
    <message>
        <source>Open one or more run archives</source>
        <translation>打开一个或多个运行记录归档</translation>
    </message>
    <message>
        <source>Close every open run and return to the welcome page</source>
        <translation>关闭所有打开的运行记录并返回欢迎页</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Welcome Page</source>
        <translation>欢迎页(&amp;W)</translation>
    </message>
    <message>
        <source>Show &amp;Status Bar</source>
        <translation>显示状态栏(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;About Runlens</source>
        <translation>关于 Runlens(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>No recent run archives</source>
        <translation>没有最近打开的运行记录归档</translation>
    </message>
    <message>
        <source>Clear Recent</source>
        <translation>清除最近打开记录</translation>
    </message>
    <message>
        <source>Open Run Archives</source>
        <translation>打开运行记录归档</translation>
    </message>
    <message>
        <source>%1 does not exist. Check the path, or remove it from Open Recent.</source>
        <translation>%1 不存在。请检查路径，或将其从“最近打开”中移除。</translation>
    </message>
    <message>
        <source>%1 is not a file. Choose a run archive (.tar.gz).</source>
        <translation>%1 不是文件。请选择运行记录归档（.tar.gz）。</translation>
    </message>
    <message>
        <source>%1 cannot be read: permission denied. Check the file&apos;s permissions.</source>
        <translation>无法读取 %1：权限被拒绝。请检查该文件的权限。</translation>
    </message>
    <message>
        <source>Some files could not be opened</source>
        <translation>部分文件无法打开</translation>
    </message>
    <message>
        <source>All runs closed.</source>
        <translation>已关闭所有运行记录。</translation>
    </message>
    <message>
        <source>About Runlens</source>
        <translation>关于 Runlens</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Runlens %1&lt;/h3&gt;&lt;p&gt;Record a host while a workload runs, then compare baseline and tuned runs: system metrics, CPU counters and flame graphs, side by side.&lt;/p&gt;&lt;p&gt;Recordings are made with &lt;code&gt;runlens-rec&lt;/code&gt; on the host under test.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Runlens %1&lt;/h3&gt;&lt;p&gt;在工作负载运行期间录制主机数据，然后并排比较基线运行与调优运行：系统指标、CPU 计数器和火焰图。&lt;/p&gt;&lt;p&gt;录制通过在被测主机上运行 &lt;code&gt;runlens-rec&lt;/code&gt; 完成。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>This build has no demo runs bundled.</source>
        <translation>此构建未内置演示运行记录。</translation>
    </message>
    <message>
        <source>&amp;Save Session…</source>
        <translation>保存会话(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the open runs, charts, zoom and selection to a .runlens file</source>
        <translation>将打开的运行记录、图表、缩放和选择范围保存到 .runlens 文件</translation>
    </message>
    <message>
        <source>Open runs first: a session remembers the open runs and charts.</source>
        <translation>请先打开运行记录：会话会保存已打开的运行记录和图表。</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Runlens sessions (*.runlens)</source>
        <translation>Runlens 会话 (*.runlens)</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <source>Show the whole time range again (also: double-click or Esc in a chart)</source>
        <translation>重新显示完整的时间范围（也可在图表中双击或按 Esc）</translation>
    </message>
    <message>
        <source>C&amp;lear Selection</source>
        <translation>清除选择(&amp;L)</translation>
    </message>
    <message>
        <source>Forget the selected time range (Shift+drag in a chart selects one)</source>
        <translation>取消所选的时间范围（在图表中按住 Shift 拖动可选择范围）</translation>
    </message>
    <message>
        <source>Place runs at their real start times instead of overlaying their starts</source>
        <translation>按实际开始时间放置运行记录，而不是将其起点重叠对齐</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop opening the run archives that are still loading</source>
        <translation>停止打开仍在加载的运行记录归档</translation>
    </message>
    <message>
        <source>Opening %1 was cancelled.</source>
        <translation>已取消打开 %1。</translation>
    </message>
    <message>
        <source>%1 is already open.</source>
        <translation>%1 已打开。</translation>
    </message>
    <message numerus="yes">
        <source>Opening %n run archive(s)…</source>
        <translation>
            <numerusform>正在打开 %n 个运行记录归档…</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened %1 (%2).</source>
        <translation>已打开 %1（%2）。</translation>
    </message>
    <message>
        <source>Session saved to %1.</source>
        <translation>会话已保存到 %1。</translation>
    </message>
    <message>
        <source>&amp;Connect to Host…</source>
        <translation>连接到主机(&amp;C)…</translation>
    </message>
    <message>
        <source>Record on a host over SSH and open the run</source>
        <translation>通过 SSH 在主机上录制并打开该运行记录</translation>
    </message>
    <message>
        <source>Run archives and sessions (*.tar.gz *.tgz *.runlens);;Profiles: folded stacks, perf script (*.folded *.collapsed *.txt *.perf *.gz);;All files (*)</source>
        <translation>运行记录归档和会话 (*.tar.gz *.tgz *.runlens);;性能剖析：折叠栈、perf script (*.folded *.collapsed *.txt *.perf *.gz);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>汇总</translation>
    </message>
    <message>
        <source>S&amp;ummary</source>
        <translation>汇总(&amp;U)</translation>
    </message>
    <message>
        <source>What changed against the baseline, whether it is beyond noise, findings and host differences</source>
        <translation>相对基线的变化、变化是否超出噪声、发现以及主机差异</translation>
    </message>
    <message>
        <source>Flame Graph</source>
        <translation>火焰图</translation>
    </message>
    <message>
        <source>&amp;Flame Graph</source>
        <translation>火焰图(&amp;F)</translation>
    </message>
    <message>
        <source>Where the CPU time went in the current run, or what changed from the baseline</source>
        <translation>当前运行中 CPU 时间花在了哪里，或相对基线发生了哪些变化</translation>
    </message>
    <message>
        <source>There is nothing to copy: add a chart first.</source>
        <translation>没有可复制的内容：请先添加图表。</translation>
    </message>
    <message>
        <source>Copied as a %1 × %2 image.</source>
        <translation>已复制为 %1 × %2 的图像。</translation>
    </message>
    <message>
        <source>Open runs first: there is nothing to export yet.</source>
        <translation>请先打开运行记录：目前没有可导出的内容。</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Export charts, the flame graph, a heat map or the summary as PNG, SVG or PDF for slides</source>
        <translation>将图表、火焰图、热力图或汇总导出为 PNG、SVG 或 PDF，用于幻灯片</translation>
    </message>
    <message>
        <source>Copy Charts as &amp;Image</source>
        <translation>将图表复制为图像(&amp;I)</translation>
    </message>
    <message>
        <source>Put every chart on the clipboard as a 1920×1080 presentation image</source>
        <translation>将所有图表作为 1920×1080 的演示图像放到剪贴板</translation>
    </message>
    <message>
        <source>Runs and C&amp;harts</source>
        <translation>运行记录与图表(&amp;H)</translation>
    </message>
    <message>
        <source>Back to the open runs, their metrics and charts</source>
        <translation>返回已打开的运行记录及其指标和图表</translation>
    </message>
    <message>
        <source>C&amp;lose All</source>
        <translation>全部关闭(&amp;L)</translation>
    </message>
    <message>
        <source>Full Scree&amp;n</source>
        <translation>全屏(&amp;N)</translation>
    </message>
    <message>
        <source>Align Runs by Wall Cl&amp;ock</source>
        <translation>按实际时间对齐运行记录(&amp;O)</translation>
    </message>
    <message>
        <source>F&amp;ind…</source>
        <translation>查找(&amp;I)…</translation>
    </message>
    <message>
        <source>Search the panel you are in: flame graph functions, summary metrics, or the metric browser</source>
        <translation>在当前面板中搜索：火焰图中的函数、汇总中的指标，或指标浏览器</translation>
    </message>
    <message>
        <source>&amp;Getting Started</source>
        <translation>入门(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Align Runs by Steady Stat&amp;e</source>
        <translation>按稳态对齐运行(&amp;E)</translation>
    </message>
    <message numerus="yes">
        <source>Aligned %n run(s) at the start of their steady state</source>
        <translation>
            <numerusform>已将 %n 次运行对齐到其稳态的起点</numerusform>
        </translation>
    </message>
    <message>
        <source>No run has a steady state to align by</source>
        <translation>没有可用于对齐的稳态运行</translation>
    </message>
    <message numerus="yes">
        <source>Copied the series of %1 of %n run(s) as CSV</source>
        <translation>
            <numerusform>已将 %n 次运行的 %1 序列复制为 CSV</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Trim</source>
        <translation>裁剪(&amp;T)</translation>
    </message>
</context>
<context>
    <name>MetricBrowser</name>
    <message>
        <source>Search metrics (name, id or description)…</source>
        <translation>搜索指标（名称、ID 或描述）…</translation>
    </message>
    <message>
        <source>No hardware counters in these runs: the recorder could not read the CPU&apos;s performance counters (a virtual machine that exposes no PMU, or perf_event_paranoid above 0 without root). Record as root on an instance that exposes them (bare metal or a whole-host size) to get IPC, MPKI and stalls.</source>
        <translation>这些运行中没有硬件计数器：录制器无法读取 CPU 的性能计数器（虚拟机未提供 PMU，或在非 root 下 perf_event_paranoid 大于 0）。请在提供计数器的实例（裸金属或整机规格）上以 root 录制，以获得 IPC、MPKI 和停顿数据。</translation>
    </message>
    <message>
        <source>No metric matches &quot;%1&quot;.</source>
        <translation>没有与 &quot;%1&quot; 匹配的指标。</translation>
    </message>
    <message>
        <source>&amp;Add Chart</source>
        <translation>添加图表(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Copy Series as CSV</source>
        <translation>将序列复制为 CSV(&amp;C)</translation>
    </message>
</context>
<context>
    <name>MetricTreeModel</name>
    <message>
        <source>%1 (%2 of %3 runs)</source>
        <translation>%1（%2/%3 个运行记录）</translation>
    </message>
    <message>
        <source>%1
%2 [%3]</source>
        <translation>%1
%2 [%3]</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>%1 (result)</source>
        <translation>%1（结果）</translation>
    </message>
    <message>
        <source>A result of the whole run: its last value counts, whatever the time window.</source>
        <translation>整个运行记录的结果：无论时间窗口如何，都以其最后一个值为准。</translation>
    </message>
    <message>
        <source>Only %1 of the %2 open runs recorded this metric.</source>
        <translation>在已打开的 %2 个运行记录中，只有 %1 个记录了此指标。</translation>
    </message>
</context>
<context>
    <name>PricePerformance</name>
    <message>
        <source>no throughput</source>
        <translation>无吞吐量</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>无价格</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>baseline has no throughput</source>
        <translation>基线没有吞吐量</translation>
    </message>
    <message>
        <source>baseline has no price</source>
        <translation>基线没有价格</translation>
    </message>
    <message>
        <source>no cost to compare</source>
        <translation>没有可比较的成本</translation>
    </message>
    <message>
        <source>given</source>
        <translation>手动指定</translation>
    </message>
    <message>
        <source>EC2 price table of %1 (%2, %3)</source>
        <translation>%1 的 EC2 价格表（%2，%3）</translation>
    </message>
    <message>
        <source>none: no instance type in the run</source>
        <translation>无：运行记录中没有实例类型</translation>
    </message>
    <message>
        <source>none: %1 is not in the EC2 price table of %2</source>
        <translation>无：%1 不在 %2 的 EC2 价格表中</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基线）</translation>
    </message>
    <message>
        <source>Hourly price in %1, source: %2</source>
        <translation>每小时价格（%1），来源：%2</translation>
    </message>
    <message>
        <source>The run&apos;s throughput (for example 150000), in the unit of the next column</source>
        <translation>该运行的吞吐量（例如 150000），单位见下一列</translation>
    </message>
    <message>
        <source>price × 100,000 / throughput: what 100,000 %1 cost per hour; lower is better</source>
        <translation>价格 × 100,000 / 吞吐量：每小时 100,000 %1 的成本；越低越好</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>Price (%1/h)</source>
        <translation>价格（%1/小时）</translation>
    </message>
    <message>
        <source>Cost per 100,000 units/s (%1/h)</source>
        <translation>每 100,000 单位/秒的成本（%1/小时）</translation>
    </message>
    <message>
        <source>Against baseline</source>
        <translation>相对基线</translation>
    </message>
    <message>
        <source>recorded: %1</source>
        <translation>已录制：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Recorded by the run: %1 (%2), its value in the summary. Type a throughput to use another; empty the cell to come back to this one.</source>
        <translation>由运行记录录制：%1（%2），即其在汇总中的值。输入吞吐量可改用其他值；清空单元格即可恢复为此值。</translation>
    </message>
    <message>
        <source>Typed, in place of the %1 %2 the run recorded (%3); empty the cell to use that.</source>
        <translation>手动输入，代替运行记录录制的 %1 %2（%3）；清空单元格即可改用录制值。</translation>
    </message>
</context>
<context>
    <name>PricePerformancePanel</name>
    <message>
        <source>Enter each run&apos;s throughput (for example 150000, or 1200 req/s) and its hourly price; cost per 100,000 units/s = price × 100,000 / throughput, lower is better.</source>
        <translation>请输入每个运行的吞吐量（例如 150000，或 1200 req/s）及其每小时价格；每 100,000 单位/秒的成本 = 价格 × 100,000 / 吞吐量，越低越好。</translation>
    </message>
    <message>
        <source>Prices are prefilled from EC2 on-demand prices (%1) of %2 by instance type: check them.</source>
        <translation>价格已按实例类型预填为 %2 的 EC2 按需价格（%1）：请核对。</translation>
    </message>
    <message>
        <source>Throughputs in italics are what the runs recorded (%1, their value in the summary); a typed one wins, and emptying it brings the recorded one back.</source>
        <translation>斜体显示的吞吐量是运行记录录制的值（%1，即其在汇总中的值）；手动输入的值优先，清空后恢复为录制值。</translation>
    </message>
</context>
<context>
    <name>PriceTable</name>
    <message>
        <source>The price table is not valid: expected an object with &quot;prices&quot;.</source>
        <translation>价格表无效：应为包含 &quot;prices&quot; 的对象。</translation>
    </message>
</context>
<context>
    <name>ProfileFilterOptions</name>
    <message>
        <source>Only the stack samples taken on these CPUs, e.g. 0-3,8.</source>
        <translation>仅包含在这些 CPU 上采集的栈采样，例如 0-3,8。</translation>
    </message>
    <message>
        <source>list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>Only the stack samples of these processes (PIDs, e.g. 4711,4800-4810).</source>
        <translation>仅包含这些进程的栈采样（PID，例如 4711,4800-4810）。</translation>
    </message>
    <message>
        <source>Only the stack samples of these threads (TIDs); with --processes, a sample of either passes.</source>
        <translation>仅包含这些线程的栈采样（TID）；与 --processes 一起使用时，满足其一的采样即通过。</translation>
    </message>
    <message>
        <source>--%1 %2 is not a list of ids such as 0-3,8</source>
        <translation>--%1 %2 不是像 0-3,8 这样的 ID 列表</translation>
    </message>
</context>
<context>
    <name>ProfileFilterView</name>
    <message>
        <source>All CPUs, or a list such as 0-3,8</source>
        <translation>全部 CPU，或如 0-3,8 的列表</translation>
    </message>
    <message>
        <source>Only the samples taken on these CPUs (in the baseline too). Press Enter to apply.</source>
        <translation>仅包含在这些 CPU 上采集的采样（基线也一样）。按回车应用。</translation>
    </message>
    <message>
        <source>Find a process or thread by name or id</source>
        <translation>按名称或 ID 查找进程或线程</translation>
    </message>
    <message>
        <source>Show &amp;All</source>
        <translation>全部显示(&amp;A)</translation>
    </message>
    <message>
        <source>Check every process and thread and clear the CPU list</source>
        <translation>勾选所有进程和线程并清空 CPU 列表</translation>
    </message>
    <message>
        <source>Process / thread</source>
        <translation>进程 / 线程</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Uncheck what the flame graph should leave out. The baseline keeps the processes and threads of the same names.</source>
        <translation>取消勾选火焰图中要排除的内容。基线保留同名的进程和线程。</translation>
    </message>
    <message>
        <source>&amp;CPUs:</source>
        <translation>CPU(&amp;C)：</translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation>%1（PID %2）</translation>
    </message>
    <message>
        <source>%1 (TID %2)</source>
        <translation>%1（TID %2）</translation>
    </message>
    <message>
        <source>CPUs %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>%1 of %2 processes (%3 in part)</source>
        <translation>%2 个进程中的 %1 个（%3 个部分选中）</translation>
    </message>
    <message>
        <source>%1 of %2 processes</source>
        <translation>%2 个进程中的 %1 个</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a CPU list: use numbers and ranges, such as 0-3,8.</source>
        <translation>&quot;%1&quot; 不是 CPU 列表：请使用数字和范围，例如 0-3,8。</translation>
    </message>
</context>
<context>
    <name>RecorderInstaller</name>
    <message>
        <source>The recorder %1 cannot be read. Build runlens-rec, or set RUNLENS_REC to its path.</source>
        <translation>无法读取录制器 %1。请构建 runlens-rec，或将 RUNLENS_REC 设置为其路径。</translation>
    </message>
    <message>
        <source>Creating %1</source>
        <translation>创建 %1</translation>
    </message>
    <message>
        <source>Checking the uploaded recorder</source>
        <translation>检查已上传的录制器</translation>
    </message>
    <message>
        <source>The recorder uploaded to %1 does not match the local copy (SHA-256 %2, expected %3); it was removed. Try again.</source>
        <translation>上传到 %1 的录制器与本地副本不一致（SHA-256 为 %2，应为 %3）；已将其删除。请重试。</translation>
    </message>
    <message>
        <source>Installing the recorder</source>
        <translation>安装录制器</translation>
    </message>
    <message>
        <source>Starting the recorder</source>
        <translation>启动录制器</translation>
    </message>
    <message>
        <source>%1 is an %2 host, and this installation has no recorder for it (it has: %3). Install a Runlens built with both recorders, or set RUNLENS_REC to a runlens-rec built for %2.</source>
        <translation>%1 是一台 %2 主机，而此安装中没有适用于它的记录器（现有：%3）。请安装包含两种记录器的 Runlens，或将 RUNLENS_REC 设置为为 %2 构建的 runlens-rec。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>RemoteCommand</name>
    <message>
        <source>Remote user (default: from ~/.ssh/config, else yours).</source>
        <translation>远程用户（默认：取自 ~/.ssh/config，否则为你的用户名）。</translation>
    </message>
    <message>
        <source>USER</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>SSH port (default: from ~/.ssh/config, else 22).</source>
        <translation>SSH 端口（默认：取自 ~/.ssh/config，否则为 22）。</translation>
    </message>
    <message>
        <source>PORT</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Private key file, e.g. an EC2 .pem.</source>
        <translation>私钥文件，例如 EC2 的 .pem 文件。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Trust and record an unknown host key (never a changed one).</source>
        <translation>信任并记录未知的主机密钥（绝不包括已更改的密钥）。</translation>
    </message>
    <message>
        <source>known_hosts file (default: ~/.ssh/known_hosts).</source>
        <translation>known_hosts 文件（默认：~/.ssh/known_hosts）。</translation>
    </message>
    <message>
        <source>SSH client config (default: ~/.ssh/config).</source>
        <translation>SSH 客户端配置（默认：~/.ssh/config）。</translation>
    </message>
    <message>
        <source>Directory on the host for the recorder and runs (default: ~/.cache/runlens).</source>
        <translation>主机上用于存放录制器和运行记录的目录（默认：~/.cache/runlens）。</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Seconds each network step may take (default: 20).</source>
        <translation>每个网络步骤允许耗费的秒数（默认：20）。</translation>
    </message>
    <message>
        <source>SECONDS</source>
        <translation>秒数</translation>
    </message>
    <message>
        <source>runlens: accepting the new %1 host key of %2: %3</source>
        <translation>runlens: 正在接受 %2 的新 %1 主机密钥：%3</translation>
    </message>
    <message>
        <source>runlens: the host key of %1 is unknown: %2 %3</source>
        <translation>runlens: %1 的主机密钥未知：%2 %3</translation>
    </message>
    <message>
        <source>runlens: %1 %2% (%3 of %4 bytes)</source>
        <translation>runlens: %1 %2%（%3/%4 字节）</translation>
    </message>
    <message>
        <source>Install the recorder on HOST over SSH, record there, and optionally fetch the run.</source>
        <translation>通过 SSH 在 HOST 上安装录制器并在其上录制，还可选择取回运行记录。</translation>
    </message>
    <message>
        <source>Host name, address or ~/.ssh/config alias.</source>
        <translation>主机名、地址或 ~/.ssh/config 中的别名。</translation>
    </message>
    <message>
        <source>Run name (default: HOST-YYYYMMDD-HHMMSS).</source>
        <translation>运行名称（默认：HOST-YYYYMMDD-HHMMSS）。</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>How long to record, e.g. 60s, 4m (default: 60s).</source>
        <translation>录制时长，例如 60s、4m（默认：60s）。</translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Time between samples (default: 1s).</source>
        <translation>采样间隔（默认：1s）。</translation>
    </message>
    <message>
        <source>INTERVAL</source>
        <translation>间隔</translation>
    </message>
    <message>
        <source>Sample CPU stacks for flame graphs (needs perf_event_open permission on the host).</source>
        <translation>采样 CPU 调用栈以生成火焰图（需要主机上的 perf_event_open 权限）。</translation>
    </message>
    <message>
        <source>Do not read CPU counters.</source>
        <translation>不读取 CPU 计数器。</translation>
    </message>
    <message>
        <source>Run the recorder with passwordless sudo.</source>
        <translation>使用免密码 sudo 运行录制器。</translation>
    </message>
    <message>
        <source>Wait for the run and download it into DIR.</source>
        <translation>等待运行结束并将其下载到 DIR。</translation>
    </message>
    <message>
        <source>The runlens-rec to upload (default: next to runlens, or $RUNLENS_REC).</source>
        <translation>要上传的 runlens-rec（默认：runlens 所在目录中的副本，或 $RUNLENS_REC）。</translation>
    </message>
    <message>
        <source>An extra argument for &apos;runlens-rec record&apos; (repeatable).</source>
        <translation>传给 &apos;runlens-rec record&apos; 的额外参数（可重复）。</translation>
    </message>
    <message>
        <source>ARG</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>runlens remote record: expected one HOST. See --help.</source>
        <translation>runlens remote record: 应指定一个 HOST。请参阅 --help。</translation>
    </message>
    <message>
        <source>runlens remote record: no runlens-rec found next to runlens; pass --recorder FILE or set RUNLENS_REC.</source>
        <translation>runlens remote record: 在 runlens 所在目录中未找到 runlens-rec；请传入 --recorder FILE 或设置 RUNLENS_REC。</translation>
    </message>
    <message>
        <source>runlens remote record: %1.</source>
        <translation>runlens remote record: %1。</translation>
    </message>
    <message>
        <source>runlens: connecting to %1</source>
        <translation>runlens: 正在连接到 %1</translation>
    </message>
    <message>
        <source>runlens: %1 is %2 %3. %4</source>
        <translation>runlens: %1 是 %2 %3。%4</translation>
    </message>
    <message>
        <source>uploading the recorder</source>
        <translation>正在上传录制器</translation>
    </message>
    <message>
        <source>runlens: installed %1 as %2</source>
        <translation>runlens: 已将 %1 安装为 %2</translation>
    </message>
    <message>
        <source>runlens: %1 is already installed</source>
        <translation>runlens: %1 已安装</translation>
    </message>
    <message>
        <source>runlens: recording %1 on %2</source>
        <translation>runlens: 正在 %2 上录制 %1</translation>
    </message>
    <message>
        <source>runlens: %1 %2 s, %3 samples</source>
        <translation>runlens: %1 %2 秒，%3 个样本</translation>
    </message>
    <message>
        <source>runlens remote record: the recording on %1 ended as &quot;%2&quot;.</source>
        <translation>runlens remote record: %1 上的录制以 &quot;%2&quot; 状态结束。</translation>
    </message>
    <message>
        <source>downloading</source>
        <translation>正在下载</translation>
    </message>
    <message>
        <source>runlens remote record: %1</source>
        <translation>runlens remote record: %1</translation>
    </message>
    <message>
        <source>List the run archives on HOST.</source>
        <translation>列出 HOST 上的运行记录归档。</translation>
    </message>
    <message>
        <source>Download the run RUN from HOST and verify it.</source>
        <translation>从 HOST 下载运行记录 RUN 并进行校验。</translation>
    </message>
    <message>
        <source>The run&apos;s name.</source>
        <translation>运行记录的名称。</translation>
    </message>
    <message>
        <source>Local directory for the archive.</source>
        <translation>存放归档的本地目录。</translation>
    </message>
    <message>
        <source>Delete the host&apos;s copy after a verified download.</source>
        <translation>下载并校验成功后删除主机上的副本。</translation>
    </message>
    <message>
        <source>runlens remote list: expected HOST. See --help.</source>
        <translation>runlens remote list: 应指定 HOST。请参阅 --help。</translation>
    </message>
    <message>
        <source>runlens remote fetch: expected HOST RUN --to DIR. See --help.</source>
        <translation>runlens remote fetch: 应指定 HOST RUN --to DIR。请参阅 --help。</translation>
    </message>
    <message>
        <source>runlens remote: %1</source>
        <translation>runlens remote: %1</translation>
    </message>
    <message>
        <source>Usage: runlens remote record|fetch|list HOST ... (see runlens remote ACTION --help)</source>
        <translation>用法：runlens remote record|fetch|list HOST ...（参见 runlens remote ACTION --help）</translation>
    </message>
    <message>
        <source>runlens remote record: %1 is not a runlens-rec for x86_64 or arm64 Linux.</source>
        <translation>runlens remote record：%1 不是适用于 x86_64 或 arm64 Linux 的 runlens-rec。</translation>
    </message>
</context>
<context>
    <name>RemoteHostInfo</name>
    <message>
        <source>Detecting the operating system</source>
        <translation>检测操作系统</translation>
    </message>
    <message>
        <source>%1 answered the system probe with unexpected output.</source>
        <translation>%1 对系统探测返回了意外的输出。</translation>
    </message>
    <message>
        <source>%1 runs %2; the recorder runs on Linux only.</source>
        <translation>%1 运行的是 %2；录制器只能在 Linux 上运行。</translation>
    </message>
    <message>
        <source>perf_event_paranoid is %1: CPU counters and profiles work without sudo.</source>
        <translation>perf_event_paranoid 为 %1：无需 sudo 即可使用 CPU 计数器和性能剖析。</translation>
    </message>
    <message>
        <source>perf_event_paranoid is %1, and passwordless sudo is available: record with sudo for system-wide CPU counters and profiles.</source>
        <translation>perf_event_paranoid 为 %1，且可使用免密码 sudo：请使用 sudo 录制，以获得全系统范围的 CPU 计数器和性能剖析。</translation>
    </message>
    <message>
        <source>perf_event_paranoid is %1 and there is no passwordless sudo: CPU counters and profiles cover only this user&apos;s processes. An administrator can run &apos;sysctl kernel.perf_event_paranoid=0&apos;.</source>
        <translation>perf_event_paranoid 为 %1，且没有免密码 sudo：CPU 计数器和性能剖析仅覆盖该用户的进程。管理员可以运行 &apos;sysctl kernel.perf_event_paranoid=0&apos;。</translation>
    </message>
    <message>
        <source>perf_event_paranoid is %1 and there is no passwordless sudo: no CPU counters or profiles, only system metrics. An administrator can run &apos;sysctl kernel.perf_event_paranoid=0&apos;.</source>
        <translation>perf_event_paranoid 为 %1，且没有免密码 sudo：无法使用 CPU 计数器和性能剖析，只有系统指标。管理员可以运行 &apos;sysctl kernel.perf_event_paranoid=0&apos;。</translation>
    </message>
    <message>
        <source>Logged in as root: CPU counters and profiles cover every process, whatever perf_event_paranoid says.</source>
        <translation>以 root 登录：无论 perf_event_paranoid 如何设置，CPU 计数器和剖析都覆盖所有进程。</translation>
    </message>
</context>
<context>
    <name>RemoteRecording</name>
    <message>
        <source>the run name is empty</source>
        <translation>运行名称为空</translation>
    </message>
    <message>
        <source>the run name is longer than 120 characters</source>
        <translation>运行名称超过 120 个字符</translation>
    </message>
    <message>
        <source>the run name cannot start with &apos;.&apos; or &apos;-&apos;</source>
        <translation>运行名称不能以 &apos;.&apos; 或 &apos;-&apos; 开头</translation>
    </message>
    <message>
        <source>the run name cannot contain &apos;/&apos; or &apos;\&apos;</source>
        <translation>运行名称不能包含 &apos;/&apos; 或 &apos;\&apos;</translation>
    </message>
    <message>
        <source>the run name cannot contain control characters</source>
        <translation>运行名称不能包含控制字符</translation>
    </message>
    <message>
        <source>Cannot record &quot;%1&quot;: %2.</source>
        <translation>无法录制 &quot;%1&quot;：%2。</translation>
    </message>
    <message>
        <source>Starting the recording</source>
        <translation>开始录制</translation>
    </message>
    <message>
        <source>The recorder on %1 did not start: %2</source>
        <translation>%1 上的录制器未能启动：%2</translation>
    </message>
    <message>
        <source>The recorder on %1 did not start within 10 seconds.</source>
        <translation>%1 上的录制器未在 10 秒内启动。</translation>
    </message>
    <message>
        <source>Reading the recording&apos;s status</source>
        <translation>读取录制状态</translation>
    </message>
    <message>
        <source>Stopping the recording</source>
        <translation>停止录制</translation>
    </message>
    <message>
        <source>Cannot fetch &quot;%1&quot;: %2.</source>
        <translation>无法取回 &quot;%1&quot;：%2。</translation>
    </message>
    <message>
        <source>The run %1 is not on %2 (%3).</source>
        <translation>运行记录 %1 不在 %2 上（%3）。</translation>
    </message>
    <message>
        <source>Could not create %1.</source>
        <translation>无法创建 %1。</translation>
    </message>
    <message>
        <source>The download of %1 from %2 does not match the host&apos;s copy (SHA-256 %3, expected %4). The partial file was removed; fetch again.</source>
        <translation>从 %2 下载的 %1 与主机上的副本不一致（SHA-256 为 %3，应为 %4）。已删除不完整的文件；请重新取回。</translation>
    </message>
    <message>
        <source>Could not move the download into %1.</source>
        <translation>无法将下载的文件移动到 %1。</translation>
    </message>
    <message>
        <source>Cannot delete &quot;%1&quot;: %2.</source>
        <translation>无法删除 &quot;%1&quot;：%2。</translation>
    </message>
</context>
<context>
    <name>RemoteRecordingJob</name>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接到 %1…</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>正在检查 %1…</translation>
    </message>
    <message>
        <source>%1 %2. %3</source>
        <translation>%1 %2。%3</translation>
    </message>
    <message>
        <source>Installing the recorder on %1…</source>
        <translation>正在 %1 上安装录制器…</translation>
    </message>
    <message>
        <source>Starting the recording %1…</source>
        <translation>正在开始录制 %1…</translation>
    </message>
    <message>
        <source>Stopping the recording early; the recorder writes its archive…</source>
        <translation>正在提前停止录制；录制器正在写入归档…</translation>
    </message>
    <message>
        <source>Recording %1 on %2: %3 s, %4 samples</source>
        <translation>正在 %2 上录制 %1：%3 秒，%4 个样本</translation>
    </message>
    <message>
        <source>Cancelled. The recording %1 goes on on %2; fetch it later from the remote runs.</source>
        <translation>已取消。%2 上的录制 %1 仍在继续；请稍后从远程运行记录中取回。</translation>
    </message>
    <message>
        <source>The recording %1 on %2 ended as &quot;%3&quot;; its samples stay in the spool directory on the host.</source>
        <translation>%2 上的录制 %1 以 &quot;%3&quot; 状态结束；其样本保留在主机上的暂存目录中。</translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>正在下载 %1…</translation>
    </message>
    <message>
        <source>Fetched %1.</source>
        <translation>已取回 %1。</translation>
    </message>
</context>
<context>
    <name>RemoteRunsBrowser</name>
    <message>
        <source>Runs on %1</source>
        <translation>%1 上的运行记录</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Fetch and Open</source>
        <translation>取回并打开(&amp;F)</translation>
    </message>
    <message>
        <source>Download the selected runs (resuming an interrupted download, checked by SHA-256) and open them</source>
        <translation>下载所选运行记录（可续传中断的下载，并以 SHA-256 校验）并打开</translation>
    </message>
    <message>
        <source>&amp;Delete on Host…</source>
        <translation>在主机上删除(&amp;D)…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Refresh to list the runs on %1.</source>
        <translation>刷新以列出 %1 上的运行记录。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Delete on Host</source>
        <translation>在主机上删除</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n run(s) on %1? This removes the host&apos;s copy and cannot be undone:

%2</source>
        <translation>
            <numerusform>要删除 %1 上的 %n 个运行记录吗？这将移除主机上的副本，且无法撤销：

%2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>RemoteRunsWorker</name>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接到 %1…</translation>
    </message>
    <message>
        <source>Listing the runs on %1…</source>
        <translation>正在列出 %1 上的运行记录…</translation>
    </message>
    <message>
        <source>No runs on %1.</source>
        <translation>%1 上没有运行记录。</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) on %1.</source>
        <translation>
            <numerusform>%1 上有 %n 个运行记录。</numerusform>
        </translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>正在下载 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Fetched %n run(s) into %1.</source>
        <translation>
            <numerusform>已将 %n 个运行记录取回到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Deleting %1 on %2…</source>
        <translation>正在删除 %2 上的 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n run(s) on %1.</source>
        <translation>
            <numerusform>已删除 %1 上的 %n 个运行记录。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Run</name>
    <message>
        <source>PID %1</source>
        <translation>PID %1</translation>
    </message>
    <message>
        <source>%1 processes: PIDs %2</source>
        <translation>%1 个进程：PID %2</translation>
    </message>
    <message>
        <source>The first: %1</source>
        <translation>第一个：%1</translation>
    </message>
</context>
<context>
    <name>RunListModel</name>
    <message>
        <source>%1
%2
recorded on %3 at %4</source>
        <translation>%1
%2
于 %4 在 %3 上录制</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Shown</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>来自 %1</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>未导入：%1</translation>
    </message>
    <message>
        <source>Tags: %1</source>
        <translation>标签：%1</translation>
    </message>
    <message>
        <source>The part of the run the summary and exports use. Double-click to type FROM:TO in seconds; empty for the whole run.</source>
        <translation>摘要和导出所用的运行部分。双击以秒为单位输入 FROM:TO；留空表示整个运行。</translation>
    </message>
    <message>
        <source>Steady state: %1</source>
        <translation>稳态：%1</translation>
    </message>
    <message>
        <source>Right-click › Trim to Steady State to use it.</source>
        <translation>右键单击 › 裁剪到稳态 即可使用。</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>整个运行</translation>
    </message>
    <message>
        <source>Trim</source>
        <translation>裁剪</translation>
    </message>
    <message>
        <source>Steady State</source>
        <translation>稳态</translation>
    </message>
    <message>
        <source>%1–%2 s</source>
        <translation>%1–%2 秒</translation>
    </message>
</context>
<context>
    <name>RunListView</name>
    <message>
        <source>Make Baseline</source>
        <translation>设为基线</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Set Offset…</source>
        <translation>设置偏移…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Double-click a name, offset or trim to edit it; Delete removes the selected run.</source>
        <translation>双击名称、偏移或裁剪即可编辑；按 Delete 删除所选运行。</translation>
    </message>
    <message>
        <source>Trim to Steady State (%1)</source>
        <translation>裁剪到稳态（%1）</translation>
    </message>
    <message>
        <source>Trim to Steady State (none found)</source>
        <translation>裁剪到稳态（未找到）</translation>
    </message>
    <message>
        <source>Set Trim…</source>
        <translation>设置裁剪…</translation>
    </message>
    <message>
        <source>Clear Trim</source>
        <translation>清除裁剪</translation>
    </message>
    <message>
        <source>Align Runs by Steady State</source>
        <translation>按稳态对齐运行</translation>
    </message>
    <message>
        <source>Shift the runs so that their steady states start together: for runs that did not start at the same point of the workload</source>
        <translation>平移各运行，使其稳态同时开始：适用于未在工作负载同一时刻开始的运行</translation>
    </message>
    <message>
        <source>Trim &amp;All Runs…</source>
        <translation>裁剪所有运行(&amp;A)…</translation>
    </message>
    <message>
        <source>Set one FROM:TO window, in seconds after each run&apos;s start, for every run</source>
        <translation>为每次运行设置同一个 起:止 窗口（从各自开始起的秒数）</translation>
    </message>
    <message>
        <source>Trim All to &amp;Steady State</source>
        <translation>全部裁剪到稳态(&amp;S)</translation>
    </message>
    <message>
        <source>Trim each run to the steady state found in it; runs without one keep their trim</source>
        <translation>将每次运行裁剪到其中找到的稳态；没有稳态的运行保留其裁剪</translation>
    </message>
    <message numerus="yes">
        <source>Trimmed %n run(s) to their steady state; Esc in the run list undoes it</source>
        <translation>
            <numerusform>已将 %n 次运行裁剪到其稳态；在运行列表中按 Esc 可撤销</numerusform>
        </translation>
    </message>
    <message>
        <source>No run has a steady state to trim to, or each is trimmed to it already</source>
        <translation>没有可裁剪到的稳态，或每次运行都已裁剪到稳态</translation>
    </message>
    <message>
        <source>&amp;Clear Trims</source>
        <translation>清除裁剪(&amp;C)</translation>
    </message>
    <message>
        <source>Every run counts whole again</source>
        <translation>每次运行重新按完整时长计算</translation>
    </message>
    <message numerus="yes">
        <source>Cleared the trims of %n run(s)</source>
        <translation>
            <numerusform>已清除 %n 次运行的裁剪</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Undo Trims</source>
        <translation>撤销裁剪(&amp;U)</translation>
    </message>
    <message>
        <source>Put back the windows the runs had before the last change to all of them</source>
        <translation>恢复最近一次对全部运行的更改之前各运行的窗口</translation>
    </message>
    <message numerus="yes">
        <source>Put back the trims of %n run(s)</source>
        <translation>
            <numerusform>已恢复 %n 次运行的裁剪</numerusform>
        </translation>
    </message>
    <message>
        <source>Trim All Runs</source>
        <translation>裁剪所有运行</translation>
    </message>
    <message>
        <source>Window for every run, FROM:TO in seconds after its start (e.g. 30:210):</source>
        <translation>每次运行的窗口，起:止，单位为从其开始起的秒数（例如 30:210）：</translation>
    </message>
    <message numerus="yes">
        <source>Trimmed %n run(s) to %1; Esc in the run list undoes it</source>
        <translation>
            <numerusform>已将 %n 次运行裁剪到 %1；在运行列表中按 Esc 可撤销</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunLoader</name>
    <message>
        <source>%1 is too large to open: not enough memory.</source>
        <translation>%1 过大，无法打开：内存不足。</translation>
    </message>
    <message>
        <source>%1 holds no run.</source>
        <translation>%1 不包含任何运行。</translation>
    </message>
</context>
<context>
    <name>RunSet</name>
    <message>
        <source>%1 (result)</source>
        <translation>%1（结果）</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>it is not a Runlens session file</source>
        <translation>该文件不是 Runlens 会话文件</translation>
    </message>
    <message>
        <source>it was saved by a newer Runlens; update Runlens to open it</source>
        <translation>该文件由更新版本的 Runlens 保存；请更新 Runlens 后再打开</translation>
    </message>
    <message>
        <source>a run in it has no file</source>
        <translation>其中某个运行记录缺少文件</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation>无法读取 %1：%2。</translation>
    </message>
    <message>
        <source>it is not valid JSON (%1)</source>
        <translation>该文件不是有效的 JSON（%1）</translation>
    </message>
    <message>
        <source>%1 is not a usable session: %2.</source>
        <translation>%1 不是可用的会话：%2。</translation>
    </message>
    <message>
        <source>The session could not be saved to %1: %2.</source>
        <translation>无法将会话保存到 %1：%2。</translation>
    </message>
    <message>
        <source>the file %1</source>
        <translation>文件：%1</translation>
    </message>
</context>
<context>
    <name>SshSession</name>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限被拒绝</translation>
    </message>
    <message>
        <source>the server reported a failure</source>
        <translation>服务器报告了错误</translation>
    </message>
    <message>
        <source>%1 on %2: %3</source>
        <translation>%2 上的 %1：%3</translation>
    </message>
    <message>
        <source>Could not read the SSH configuration for %1: %2</source>
        <translation>无法读取 %1 的 SSH 配置：%2</translation>
    </message>
    <message>
        <source>Could not create an SSH session.</source>
        <translation>无法创建 SSH 会话。</translation>
    </message>
    <message>
        <source>Could not connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>%1 sent no host key: %2</source>
        <translation>%1 未发送主机密钥：%2</translation>
    </message>
    <message>
        <source>Could not hash the host key of %1.</source>
        <translation>无法计算 %1 的主机密钥哈希。</translation>
    </message>
    <message>
        <source>The host key of %1 has changed (it is now %2 %3). Someone may be intercepting the connection, or the host was reinstalled or its address reused (common with EC2 instances). The connection was refused. If you know why the key changed, remove the old entry from your known_hosts file (ssh-keygen -R %1) and connect again.</source>
        <translation>%1 的主机密钥已更改（现在为 %2 %3）。可能有人正在拦截连接，也可能是该主机已重装或其地址被重新使用（在 EC2 实例中很常见）。连接已被拒绝。如果你知道密钥更改的原因，请从 known_hosts 文件中删除旧条目（ssh-keygen -R %1）后重新连接。</translation>
    </message>
    <message>
        <source>The host key of %1 is not known (%2 %3). Check the fingerprint with the host&apos;s administrator, or on EC2 in the instance&apos;s system log, and accept it to connect.</source>
        <translation>%1 的主机密钥未知（%2 %3）。请向主机管理员核对指纹（在 EC2 上可查看实例的系统日志），确认后接受该密钥以进行连接。</translation>
    </message>
    <message>
        <source>Could not add the host key of %1 to known_hosts: %2</source>
        <translation>无法将 %1 的主机密钥添加到 known_hosts：%2</translation>
    </message>
    <message>
        <source>Could not check the host key of %1: %2</source>
        <translation>无法检查 %1 的主机密钥：%2</translation>
    </message>
    <message>
        <source>Passphrase for %1:</source>
        <translation>%1 的密码短语：</translation>
    </message>
    <message>
        <source>key %1: could not be read (missing, not a private key, or wrong passphrase)</source>
        <translation>密钥 %1：无法读取（文件缺失、不是私钥或密码短语错误）</translation>
    </message>
    <message>
        <source>key %1: refused by the server (%2)</source>
        <translation>密钥 %1：被服务器拒绝（%2）</translation>
    </message>
    <message>
        <source>ssh-agent: no key the server accepts (%1)</source>
        <translation>ssh-agent：没有服务器接受的密钥（%1）</translation>
    </message>
    <message>
        <source>default keys: none accepted (%1)</source>
        <translation>默认密钥：均未被接受（%1）</translation>
    </message>
    <message>
        <source>keyboard-interactive: refused (%1)</source>
        <translation>keyboard-interactive：被拒绝（%1）</translation>
    </message>
    <message>
        <source>Password for %1:</source>
        <translation>%1 的密码：</translation>
    </message>
    <message>
        <source>password: refused (%1)</source>
        <translation>密码：被拒绝（%1）</translation>
    </message>
    <message>
        <source>the server offers no method this connection can use</source>
        <translation>服务器未提供此连接可用的认证方式</translation>
    </message>
    <message>
        <source>Authentication to %1 failed. %2.</source>
        <translation>向 %1 进行身份验证失败。%2。</translation>
    </message>
    <message>
        <source>Not connected to %1.</source>
        <translation>未连接到 %1。</translation>
    </message>
    <message>
        <source>Could not open a channel to %1: %2</source>
        <translation>无法打开到 %1 的通道：%2</translation>
    </message>
    <message>
        <source>%1 refused to run a command: %2</source>
        <translation>%1 拒绝运行命令：%2</translation>
    </message>
    <message>
        <source>Could not send input to %1: %2</source>
        <translation>无法向 %1 发送输入：%2</translation>
    </message>
    <message>
        <source>A command on %1 did not finish within %2 seconds.</source>
        <translation>%1 上的一条命令未在 %2 秒内完成。</translation>
    </message>
    <message>
        <source>The connection to %1 broke: %2</source>
        <translation>与 %1 的连接已中断：%2</translation>
    </message>
    <message>
        <source>%1 failed on %2 (exit status %3): %4</source>
        <translation>在 %2 上%1失败（退出状态 %3）：%4</translation>
    </message>
    <message>
        <source>%1 offers no SFTP: %2</source>
        <translation>%1 不提供 SFTP：%2</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Could not create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Could not read the size of %1</source>
        <translation>无法读取 %1 的大小</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Could not resume %1</source>
        <translation>无法续传 %1</translation>
    </message>
    <message>
        <source>The download of %1 stopped at %2 of %3 bytes; fetch again to resume.</source>
        <translation>%1 的下载在 %2/%3 字节处停止；请重新取回以继续下载。</translation>
    </message>
    <message>
        <source>Could not list %1</source>
        <translation>无法列出 %1</translation>
    </message>
    <message>
        <source>Could not delete %1</source>
        <translation>无法删除 %1</translation>
    </message>
    <message>
        <source>Could not resolve %1</source>
        <translation>无法解析 %1</translation>
    </message>
</context>
<context>
    <name>SteadyState</name>
    <message>
        <source>%1 settles at %2 s and falls at %3 s</source>
        <translation>%1 在 %2 秒趋于稳定，在 %3 秒下降</translation>
    </message>
    <message>
        <source>%1 settles at %2 s</source>
        <translation>%1 在 %2 秒趋于稳定</translation>
    </message>
    <message>
        <source>%1 falls at %2 s</source>
        <translation>%1 在 %2 秒下降</translation>
    </message>
    <message>
        <source>No CPU busy or workload series to find a steady state in.</source>
        <translation>没有可用于寻找稳态的 CPU 忙碌度或工作负载序列。</translation>
    </message>
    <message>
        <source>The whole run is steady: no warm-up or cool-down in %1.</source>
        <translation>整个运行都是稳态：%1 中没有预热或冷却。</translation>
    </message>
    <message>
        <source> and </source>
        <translation> 和 </translation>
    </message>
    <message>
        <source>No steady state: %1 changes throughout the run.</source>
        <translation>没有稳态：%1 在整个运行中都在变化。</translation>
    </message>
    <message>
        <source>The run is too short to find a steady state in.</source>
        <translation>运行太短，无法从中找到稳态。</translation>
    </message>
    <message>
        <source>No steady state: %1, which leaves no window between them.</source>
        <translation>没有稳态：%1，两者之间没有剩余窗口。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>SummaryCommand</name>
    <message>
        <source>Compares runs with a baseline: for every metric the mean, spread and percentiles over the window, the change against the baseline and whether it is beyond noise (a block bootstrap of the difference of means), the findings of the rules, and the host facts that differ.</source>
        <translation>将运行记录与基线进行比较：对每个指标给出窗口内的平均值、离散程度和百分位数，相对基线的变化以及该变化是否超出噪声（对均值之差做块自助法检验），规则得出的发现，以及存在差异的主机信息。</translation>
    </message>
    <message>
        <source>The run the others are compared with.</source>
        <translation>供其他运行记录与之比较的运行记录。</translation>
    </message>
    <message>
        <source>archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <source>md (default), csv or json.</source>
        <translation>md（默认）、csv 或 json。</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Findings rules to use instead of the built-in ones.</source>
        <translation>用于替代内置规则的发现规则。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>RUN=VALUE[UNIT]</source>
        <translation>RUN=VALUE[UNIT]</translation>
    </message>
    <message>
        <source>A run&apos;s hourly price in USD. Repeatable. Without it the price comes from the built-in EC2 on-demand price table by the run&apos;s instance type.</source>
        <translation>运行记录的每小时价格（美元）。可重复使用。未指定时，按运行记录的实例类型从内置的 EC2 按需价格表中获取价格。</translation>
    </message>
    <message>
        <source>RUN=USD_PER_HOUR</source>
        <translation>RUN=USD_PER_HOUR</translation>
    </message>
    <message>
        <source>Also a row per instance (CPU, disk, interface) of METRIC, named e.g. cpu.user[cpu3], after the metric&apos;s own row; &quot;all&quot; for every per-instance metric. Repeatable.</source>
        <translation>在 METRIC 自身的行之后，另为其每个实例（CPU、磁盘、网络接口）各添加一行，名称如 cpu.user[cpu3]；&quot;all&quot; 表示所有逐实例指标。可重复使用。</translation>
    </message>
    <message>
        <source>METRIC</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>The runs to compare with the baseline.</source>
        <translation>要与基线比较的运行记录。</translation>
    </message>
    <message>
        <source>RUN…</source>
        <translation>运行记录…</translation>
    </message>
    <message>
        <source>give the baseline and at least one run: runlens summary --baseline A.tar.gz B.tar.gz</source>
        <translation>请指定基线和至少一个运行记录：runlens summary --baseline A.tar.gz B.tar.gz</translation>
    </message>
    <message>
        <source>unknown format &quot;%1&quot;: use md, csv or json</source>
        <translation>未知的格式 &quot;%1&quot;：请使用 md、csv 或 json</translation>
    </message>
    <message>
        <source>--throughput &quot;%1&quot; is not RUN=VALUE[UNIT] with RUN a run&apos;s name or 1-based position and VALUE a positive number, e.g. 2=150000ops/s</source>
        <translation>--throughput &quot;%1&quot; 不是 RUN=VALUE[UNIT] 格式（RUN 为运行记录的名称或从 1 开始的位置序号，VALUE 为正数），例如 2=150000ops/s</translation>
    </message>
    <message>
        <source>--price &quot;%1&quot; is not RUN=USD_PER_HOUR with RUN a run&apos;s name or 1-based position, e.g. 2=0.34</source>
        <translation>--price &quot;%1&quot; 不是 RUN=USD_PER_HOUR 格式（RUN 为运行记录的名称或从 1 开始的位置序号），例如 2=0.34</translation>
    </message>
    <message>
        <source>--instances &quot;%1&quot;: no run has the metric &quot;%2&quot; (see `runlens-rec info` for the metric ids, or use --instances all)</source>
        <translation>--instances &quot;%1&quot;：没有运行记录包含指标 &quot;%2&quot;（指标 ID 请参阅 `runlens-rec info`，或使用 --instances all）</translation>
    </message>
    <message>
        <source>cannot write the summary to the standard output</source>
        <translation>无法将汇总写入标准输出</translation>
    </message>
    <message>
        <source>--price needs --throughput (or runs that recorded their throughput, a workload metric in ops/s or req/s): the cost per 100,000 ops/s comes from both</source>
        <translation>--price 需要 --throughput（或已录制吞吐量的运行记录，即单位为 ops/s 或 req/s 的工作负载指标）：每 100,000 ops/s 的成本由两者共同得出</translation>
    </message>
    <message>
        <source>A run&apos;s throughput for price-performance, e.g. 2=150000 or demo-tuned=1200req/s (ops/s when no unit is given); RUN is the run&apos;s name or its 1-based position, the baseline being 1. Repeatable. Without it, a run&apos;s throughput is the one it recorded (a workload metric in ops/s, req/s …), if any; price-performance then comes by itself when a price is known.</source>
        <translation>用于性价比计算的运行记录吞吐量，例如 2=150000 或 demo-tuned=1200req/s（未指定单位时为 ops/s）；RUN 为运行记录的名称或从 1 开始的位置序号，基线为 1。可重复使用。未指定时，运行记录的吞吐量取其自身录制的值（单位为 ops/s、req/s … 的工作负载指标，如有）；只要价格已知，性价比会自动出现。</translation>
    </message>
    <message>
        <source>Only the samples from FROM to TO seconds after each run&apos;s start (either may be left out); RUN=FROM:TO for one run (its name or 1-based position); &quot;steady&quot; (or RUN=steady) for the steady state found in CPU busy and the workload metric, the reason on stderr. Repeatable.</source>
        <translation>只使用每次运行开始后 FROM 到 TO 秒之间的样本（任一端可省略）；RUN=FROM:TO 只用于一次运行（其名称或从 1 开始的序号）；&quot;steady&quot;（或 RUN=steady）使用从 CPU 忙碌度和工作负载指标中找到的稳态，原因输出到 stderr。可重复。</translation>
    </message>
    <message>
        <source>[RUN=]FROM:TO|steady</source>
        <translation>[RUN=]FROM:TO|steady</translation>
    </message>
    <message>
        <source>steady state of %1: %2</source>
        <translation>%1 的稳态：%2</translation>
    </message>
</context>
<context>
    <name>SummaryExport</name>
    <message>
        <source>whole run</source>
        <translation>整个运行</translation>
    </message>
    <message>
        <source>from %1 s to the end</source>
        <translation>从 %1 s 到结束</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>无变化</translation>
    </message>
    <message>
        <source>within noise</source>
        <translation>在噪声范围内</translation>
    </message>
    <message>
        <source>improvement</source>
        <translation>改进</translation>
    </message>
    <message>
        <source>regression</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>有变化</translation>
    </message>
    <message>
        <source># Summary</source>
        <translation># 汇总</translation>
    </message>
    <message>
        <source> (baseline)</source>
        <translation>（基线）</translation>
    </message>
    <message>
        <source>## Comparability</source>
        <translation>## 可比性</translation>
    </message>
    <message>
        <source>## %1 against %2</source>
        <translation>## %1 对比 %2</translation>
    </message>
    <message>
        <source>- Better: %1
</source>
        <translation>- 更好：%1
</translation>
    </message>
    <message>
        <source>nothing beyond noise</source>
        <translation>没有超出噪声的变化</translation>
    </message>
    <message>
        <source>- Worse: %1
</source>
        <translation>- 更差：%1
</translation>
    </message>
    <message>
        <source>## Findings</source>
        <translation>## 发现</translation>
    </message>
    <message>
        <source>## Metrics (mean over the window)</source>
        <translation>## 指标（窗口内的平均值）</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>## Price-performance</source>
        <translation>## 性价比</translation>
    </message>
    <message>
        <source>Cost per 100,000 units/s = price × 100,000 / throughput; lower is better.</source>
        <translation>每 100,000 单位/秒的成本 = 价格 × 100,000 / 吞吐量；越低越好。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Price (%1/h)</source>
        <translation>价格（%1/小时）</translation>
    </message>
    <message>
        <source>Price source</source>
        <translation>价格来源</translation>
    </message>
    <message>
        <source>Cost per 100,000 units/s (%1/h)</source>
        <translation>每 100,000 单位/秒的成本（%1/小时）</translation>
    </message>
    <message>
        <source>Against baseline</source>
        <translation>相对基线</translation>
    </message>
    <message>
        <source>too few samples</source>
        <translation>样本太少</translation>
    </message>
    <message>
        <source>%1 unchanged</source>
        <translation>%1 无变化</translation>
    </message>
    <message>
        <source>%1 %2, within noise</source>
        <translation>%1 %2，在噪声范围内</translation>
    </message>
    <message>
        <source>%1 %2, one result per run: repeat the runs to tell it from noise</source>
        <translation>%1 %2，每个运行记录只有一个结果：请重复运行以将其与噪声区分</translation>
    </message>
    <message>
        <source>%1 %2, too few samples to tell it from noise</source>
        <translation>%1 %2，样本太少，无法与噪声区分</translation>
    </message>
    <message>
        <source>%1 %2, beyond noise</source>
        <translation>%1 %2，超出噪声范围</translation>
    </message>
    <message>
        <source>Spread of each workload metric across the repeats of a variant, (max − min) / median of the runs&apos; values; a change smaller than the larger spread of the two variants is within noise.</source>
        <translation>每个工作负载指标在同一变体的重复运行间的离散度，即各运行值的（最大值 − 最小值）/ 中位数；小于两个变体中较大离散度的变化属于噪声范围内。</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 (%n runs)</source>
        <translation>
            <numerusform>%1 %2（%n 次运行）</numerusform>
        </translation>
    </message>
    <message>
        <source>- Workload: %1
</source>
        <translation>- 工作负载：%1
</translation>
    </message>
    <message>
        <source>## Noise across repeats</source>
        <translation>## 重复运行间的噪声</translation>
    </message>
</context>
<context>
    <name>SummaryResources</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>SummaryTable</name>
    <message>
        <source>Only real changes</source>
        <translation>仅显示真实变化</translation>
    </message>
    <message>
        <source>Copy as &amp;CSV</source>
        <translation>复制为 CSV(&amp;C)</translation>
    </message>
    <message>
        <source>Copy as &amp;Markdown</source>
        <translation>复制为 Markdown(&amp;M)</translation>
    </message>
    <message>
        <source>Search metrics</source>
        <translation>搜索指标</translation>
    </message>
    <message>
        <source>Show one category of metrics</source>
        <translation>只显示一类指标</translation>
    </message>
    <message>
        <source>Hide metrics whose changes the samples&apos; own noise explains</source>
        <translation>隐藏其变化可由样本自身噪声解释的指标</translation>
    </message>
    <message>
        <source>Copy the rows shown, with every statistic, as CSV</source>
        <translation>将显示的行连同所有统计量复制为 CSV</translation>
    </message>
    <message>
        <source>Copy the headline, findings and rows shown as a Markdown table</source>
        <translation>将概要、发现和显示的行复制为 Markdown 表格</translation>
    </message>
    <message>
        <source>All categories</source>
        <translation>所有类别</translation>
    </message>
    <message>
        <source>Show &amp;Per-Instance Rows</source>
        <translation>显示逐实例行(&amp;P)</translation>
    </message>
    <message>
        <source>Add a row for each CPU, disk or interface of this metric, with its own statistics</source>
        <translation>为此指标的每个 CPU、磁盘或网络接口各添加一行，显示其各自的统计量</translation>
    </message>
    <message numerus="yes">
        <source>Show &amp;Per-Instance Rows (%n)</source>
        <translation>
            <numerusform>显示逐实例行（%n）(&amp;P)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SummaryTableModel</name>
    <message>
        <source>%1: no samples in the window</source>
        <translation>%1：窗口内没有样本</translation>
    </message>
    <message numerus="yes">
        <source>%1: mean %2, sd %3, min %4, p50 %5, p90 %6, p99 %7, max %8 (%n samples)</source>
        <translation>
            <numerusform>%1：平均值 %2，标准差 %3，最小值 %4，p50 %5，p90 %6，p99 %7，最大值 %8（%n 个样本）</numerusform>
        </translation>
    </message>
    <message>
        <source>Difference of means: %1 (%2)</source>
        <translation>均值之差：%1（%2）</translation>
    </message>
    <message>
        <source>99 % confidence interval of the difference: %1 to %2 (block bootstrap, blocks of %3 and %4 samples)</source>
        <translation>差值的 99% 置信区间：%1 至 %2（块自助法，块大小为 %3 和 %4 个样本）</translation>
    </message>
    <message>
        <source>Too few samples to tell a real change from noise.</source>
        <translation>样本太少，无法区分真实变化与噪声。</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>结论：%1</translation>
    </message>
    <message numerus="yes">
        <source>Repeats of %1 (%n runs): spread (max − min) / median %2, coefficient of variation %3</source>
        <translation>
            <numerusform>%1 的重复运行（%n 次）：离散度（最大值 − 最小值）/ 中位数 %2，变异系数 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (noise)</source>
        <translation>%1（噪声）</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基线）</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message>
        <source>↳ %1 [%2]</source>
        <translation>↳ %1 [%2]</translation>
    </message>
    <message>
        <source>%1 of %2 alone (%3)</source>
        <translation>仅 %1 的 %2（%3）</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n instance(s): double-click or use the context menu to show a row for each</source>
        <translation>
            <numerusform>%1 — %n 个实例：双击或使用上下文菜单可为每个实例显示一行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (too few samples)</source>
        <translation>%1（样本太少）</translation>
    </message>
    <message>
        <source>A result of the whole run: its last value counts, whatever the window.</source>
        <translation>整个运行记录的结果：无论窗口如何，都以其最后一个值为准。</translation>
    </message>
    <message>
        <source>A repeat of the baseline&apos;s variant %1: %2 (%3) from the baseline run, within the spread of its %4 repeats, (max − min) / median %5</source>
        <translation>基线变体 %1 的一次重复运行：与基线运行相差 %2（%3），在其 %4 次重复运行的离散度范围内，（最大值 − 最小值）/ 中位数 %5</translation>
    </message>
    <message>
        <source>Compared by repeats: the mean of %1 (%2 runs), %3, against the mean of %4 (%5 runs), %6: a difference of %7 (%8)</source>
        <translation>按重复运行比较：%1 的均值（%2 次运行）为 %3，对比 %4 的均值（%5 次运行）%6：差值为 %7（%8）</translation>
    </message>
    <message>
        <source>Noise: the larger spread (max − min) / median of the two variants, %1, that is ±%2; a smaller change is within noise</source>
        <translation>噪声：两个变体中较大的离散度（最大值 − 最小值）/ 中位数为 %1，即 ±%2；更小的变化属于噪声范围内</translation>
    </message>
    <message>
        <source>%1 (result)</source>
        <translation>%1（结果）</translation>
    </message>
    <message>
        <source>%1 (noise, %2)</source>
        <translation>%1（噪声，%2）</translation>
    </message>
</context>
<context>
    <name>SummaryView</name>
    <message>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>主机</translation>
    </message>
    <message numerus="yes">
        <source>Hosts (%n warning(s))</source>
        <translation>
            <numerusform>主机（%n 个警告）</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the summary…</source>
        <translation>正在计算汇总…</translation>
    </message>
    <message>
        <source>Price-performance</source>
        <translation>性价比</translation>
    </message>
</context>
<context>
    <name>TableFigure</name>
    <message>
        <source>… and %1 more</source>
        <translation>… 以及另外 %1 项</translation>
    </message>
</context>
<context>
    <name>TimeSeriesChart</name>
    <message>
        <source>Steady state? Right-click the run to trim to it</source>
        <translation>稳态？右键单击该运行即可裁剪到此</translation>
    </message>
</context>
<context>
    <name>TopFunctionsModel</name>
    <message>
        <source>%1/s</source>
        <translation>%1/秒</translation>
    </message>
    <message>
        <source>%1 pts</source>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自身</translation>
    </message>
    <message>
        <source>Self %</source>
        <translation>自身 %</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Total %</source>
        <translation>总计 %</translation>
    </message>
    <message>
        <source>Baseline self</source>
        <translation>基线自身</translation>
    </message>
    <message>
        <source>Baseline total</source>
        <translation>基线总计</translation>
    </message>
    <message>
        <source>Δ self</source>
        <translation>Δ 自身</translation>
    </message>
    <message>
        <source>Δ total</source>
        <translation>Δ 总计</translation>
    </message>
    <message numerus="yes">
        <source>%1 (the runs pooled; ± the standard deviation across the %n runs)</source>
        <translation>
            <numerusform>%1（各次运行合并；± %n 次运行之间的标准差）</numerusform>
        </translation>
    </message>
    <message>
        <source>The change is beyond the noise of %1 + %2 runs (Welch&apos;s t-test, 99 %)</source>
        <translation>变化超出了 %1 + %2 次运行的噪声（Welch t 检验，99 %）</translation>
    </message>
    <message>
        <source>real</source>
        <translation>真实</translation>
    </message>
    <message>
        <source>The runs of each variant spread as much as the change: %1 + %2 runs</source>
        <translation>每个变体的各次运行离散程度与变化相当：%1 + %2 次运行</translation>
    </message>
    <message>
        <source>within noise</source>
        <translation>在噪声范围内</translation>
    </message>
    <message>
        <source>Fewer than three runs on a side: the plain difference, untested</source>
        <translation>某一侧少于三次运行：仅为简单差值，未经检验</translation>
    </message>
    <message>
        <source>untested</source>
        <translation>未检验</translation>
    </message>
    <message>
        <source>The function&apos;s total in this run (or variant), wherever it is called; ± the spread of the variant&apos;s runs</source>
        <translation>该函数在本次运行（或变体）中的总量，无论从何处调用；± 该变体各次运行的离散程度</translation>
    </message>
    <message>
        <source>The function&apos;s total in the baseline, wherever it is called; ± the spread of the baseline&apos;s runs</source>
        <translation>该函数在基线中的总量，无论从何处调用；± 基线各次运行的离散程度</translation>
    </message>
    <message>
        <source>Whether the change is beyond the run-to-run noise: real, within noise, or untested (fewer than three runs on a side)</source>
        <translation>变化是否超出运行间噪声：真实、在噪声范围内或未检验（某一侧少于三次运行）</translation>
    </message>
    <message>
        <source>Total/s</source>
        <translation>总计/秒</translation>
    </message>
    <message>
        <source>Baseline/s</source>
        <translation>基线/秒</translation>
    </message>
    <message>
        <source>Baseline %</source>
        <translation>基线 %</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
</context>
<context>
    <name>VerdictExplanation</name>
    <message>
        <source>Unchanged: the same mean.</source>
        <translation>无变化：平均值相同。</translation>
    </message>
    <message>
        <source>Unchanged: a change of %1 is below the practical floor of %2 (a set share of the baseline&apos;s mean or the metric&apos;s resolution, whichever is larger), whatever the test says.</source>
        <translation>无变化：%1 的变化低于 %2 的实际意义下限（基线平均值的固定比例或该指标的分辨率，取较大者），无论检验结果如何。</translation>
    </message>
    <message>
        <source>Too few samples: %1 in the baseline&apos;s window and %2 in this run&apos;s; the test needs %3 on each side to tell a change from noise.</source>
        <translation>样本太少：基线窗口中有 %1 个，本次运行窗口中有 %2 个；检验需要每一侧至少 %3 个样本才能区分变化与噪声。</translation>
    </message>
    <message>
        <source>Within noise: this series varies too much over the window for a change of %1 to stand out from its own variation; only a change beyond %2 would.</source>
        <translation>在噪声范围内：该序列在窗口内波动过大，%1 的变化无法从其自身波动中显现；只有超出 %2 的变化才能显现。</translation>
    </message>
    <message>
        <source>The aggregate (%1) changed by %2, a real change: summed over the instances their variation evens out (load moving between CPUs, disks or processes), so act on the aggregate&apos;s verdict.</source>
        <translation>汇总（%1）变化了 %2，这是真实的变化：各实例相加后其波动相互抵消（负载在 CPU、磁盘或进程之间移动），因此请以汇总的结论为准。</translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>Runlens</source>
        <translation>Runlens</translation>
    </message>
    <message>
        <source>Record a host while your workload runs, then compare a baseline run with a tuned run metric by metric: CPU states, memory, interrupts, disks, network, CPU counters and flame graphs.</source>
        <translation>在工作负载运行期间录制主机数据，然后逐项指标比较基线运行与调优运行：CPU 状态、内存、中断、磁盘、网络、CPU 计数器和火焰图。</translation>
    </message>
    <message>
        <source>Open Run Archives…</source>
        <translation>打开运行记录归档…</translation>
    </message>
    <message>
        <source>Open .tar.gz runs recorded by runlens-rec or sent by colleagues. You can also drop them onto this window.</source>
        <translation>打开由 runlens-rec 录制或由同事发送的 .tar.gz 运行记录。也可以将其拖放到此窗口中。</translation>
    </message>
    <message>
        <source>Connect to a Host…</source>
        <translation>连接到主机…</translation>
    </message>
    <message>
        <source>Start a recording on an EC2 instance or any Linux host over SSH and open the run when it is done.</source>
        <translation>通过 SSH 在 EC2 实例或任意 Linux 主机上开始录制，完成后打开该运行记录。</translation>
    </message>
    <message>
        <source>Open the Demo Runs</source>
        <translation>打开演示运行记录</translation>
    </message>
    <message>
        <source>A baseline and a tuned run of a small workload, to see what a comparison looks like.</source>
        <translation>一个小型工作负载的基线运行与调优运行，可借此了解比较的效果。</translation>
    </message>
    <message>
        <source>Recent run archives</source>
        <translation>最近打开的运行记录归档</translation>
    </message>
</context>
<context>
    <name>WindowOption</name>
    <message>
        <source>the window &quot;%1&quot; names no run before &apos;=&apos;: use RUN=FROM:TO, e.g. 2=30s:5m</source>
        <translation>窗口 &quot;%1&quot; 在 &apos;=&apos; 之前没有指明运行：请使用 RUN=FROM:TO，例如 2=30s:5m</translation>
    </message>
    <message>
        <source>the window &quot;%1&quot; is not FROM:TO in seconds with FROM &lt; TO (e.g. 10:50 or 30s:2m), RUN=FROM:TO for one run (its name or 1-based position), or &quot;steady&quot;</source>
        <translation>窗口 &quot;%1&quot; 既不是以秒为单位且 FROM &lt; TO 的 FROM:TO（例如 10:50 或 30s:2m），也不是针对一次运行的 RUN=FROM:TO（其名称或从 1 开始的序号），也不是 &quot;steady&quot;</translation>
    </message>
    <message>
        <source>the window for &quot;%1&quot;: no run has that name or position (the runs are %2, 1 to %3)</source>
        <translation>&quot;%1&quot; 的窗口：没有该名称或序号的运行（运行为 %2，序号 1 到 %3）</translation>
    </message>
</context>
</TS>
