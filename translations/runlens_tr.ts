<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="tr_TR">
<context>
    <name>ChartFigure</name>
    <message>
        <source>No samples in this window</source>
        <translation>Bu pencerede örnek yok</translation>
    </message>
</context>
<context>
    <name>ChartGrid</name>
    <message>
        <source>Which instance to show: the aggregate of all, or one CPU, disk, interface …</source>
        <translation>Gösterilecek örnek: tümünün toplamı ya da tek bir CPU, disk, ağ arayüzü …</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>Isı haritası</translation>
    </message>
    <message>
        <source>Show every instance (each CPU, disk …) over time as a heat map</source>
        <translation>Her örneği (her CPU, disk …) zaman içinde ısı haritası olarak göster</translation>
    </message>
    <message>
        <source>Remove this chart</source>
        <translation>Bu grafiği kaldır</translation>
    </message>
    <message>
        <source>value</source>
        <translation>değer</translation>
    </message>
    <message>
        <source>all (aggregate)</source>
        <translation>tümü (toplam)</translation>
    </message>
    <message>
        <source>Export Heat Map…</source>
        <translation>Isı Haritasını Dışa Aktar…</translation>
    </message>
    <message>
        <source>Export Chart…</source>
        <translation>Grafiği Dışa Aktar…</translation>
    </message>
    <message>
        <source>Copy Heat Map as Image</source>
        <translation>Isı Haritasını Görüntü Olarak Kopyala</translation>
    </message>
    <message>
        <source>Copy Chart as Image</source>
        <translation>Grafiği Görüntü Olarak Kopyala</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Runlens opens performance runs recorded by runlens-rec and compares them: time-series charts, flame graphs and summary deltas between a baseline and the other runs.</source>
        <translation>Runlens, runlens-rec ile kaydedilen performans çalıştırmalarını açar ve karşılaştırır: zaman serisi grafikleri, alev grafikleri ve referans çalıştırma ile diğer çalıştırmalar arasındaki özet farklar.</translation>
    </message>
    <message>
        <source>Open the bundled demo runs.</source>
        <translation>Birlikte gelen demo çalıştırmalarını aç.</translation>
    </message>
    <message>
        <source>Run archives (.tar.gz) to open.</source>
        <translation>Açılacak çalıştırma arşivleri (.tar.gz).</translation>
    </message>
    <message>
        <source>Run &apos;runlens --help&apos; for the options.</source>
        <translation>Seçenekler için &apos;runlens --help&apos; komutunu çalıştırın.</translation>
    </message>
    <message>
        <source>Commands (run &apos;runlens COMMAND --help&apos;):</source>
        <translation>Komutlar (ayrıntılar için &apos;runlens COMMAND --help&apos; komutunu çalıştırın):</translation>
    </message>
</context>
<context>
    <name>Comparability</name>
    <message>
        <source>The comparability rules are not valid: %1.</source>
        <translation>Karşılaştırılabilirlik kuralları geçerli değil: %1.</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>bir JSON nesnesi değil</translation>
    </message>
    <message>
        <source>a key fact needs section, key and label</source>
        <translation>bir temel bilgi için section, key ve label gerekir</translation>
    </message>
    <message>
        <source>&quot;volatile&quot; must map sections to lists of keys</source>
        <translation>&quot;volatile&quot;, bölümleri anahtar listelerine eşlemelidir</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(yok)</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%2 çalıştırmasında %1</translation>
    </message>
    <message>
        <source>The runs differ in %1 (%2): differences in the results may come from the host, not from the change under test.</source>
        <translation>Çalıştırmalar %1 bakımından farklı (%2): sonuçlardaki farklar test edilen değişiklikten değil, ana makineden kaynaklanıyor olabilir.</translation>
    </message>
    <message numerus="yes">
        <source>%n %1 value(s) differ: %2</source>
        <translation>
            <numerusform>%n %1 değeri farklı: %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> ve %n tane daha</numerusform>
        </translation>
    </message>
    <message>
        <source>. Check that the difference is the change under test.</source>
        <translation>. Farkın test edilen değişiklik olduğundan emin olun.</translation>
    </message>
</context>
<context>
    <name>ConnectDialog</name>
    <message>
        <source>Connect to a Host</source>
        <translation>Bir Ana Makineye Bağlan</translation>
    </message>
    <message>
        <source>host name, address or ~/.ssh/config alias</source>
        <translation>ana makine adı, adres veya ~/.ssh/config takma adı</translation>
    </message>
    <message>
        <source>from ~/.ssh/config, else your user name</source>
        <translation>~/.ssh/config dosyasından, yoksa kullanıcı adınız</translation>
    </message>
    <message>
        <source>from ~/.ssh/config, else 22</source>
        <translation>~/.ssh/config dosyasından, yoksa 22</translation>
    </message>
    <message>
        <source>optional, e.g. an EC2 .pem</source>
        <translation>isteğe bağlı, ör. bir EC2 .pem dosyası</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Gözat…</translation>
    </message>
    <message>
        <source>Use ssh-agent</source>
        <translation>ssh-agent kullan</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Ana Makine</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Ana makine:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Kullanıcı:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>&amp;Key file:</source>
        <translation>Anahtar &amp;dosyası:</translation>
    </message>
    <message>
        <source>HOST-YYYYMMDD-HHMMSS</source>
        <translation>ANAMAKİNE-YYYYMMDD-HHMMSS</translation>
    </message>
    <message>
        <source>e.g. 30s, 4m or 1h30m</source>
        <translation>ör. 30s, 4m veya 1h30m</translation>
    </message>
    <message>
        <source>Sample CPU stacks (profile)</source>
        <translation>CPU yığınlarını örnekle (profil)</translation>
    </message>
    <message>
        <source>Read CPU counters (PMU)</source>
        <translation>CPU sayaçlarını oku (PMU)</translation>
    </message>
    <message>
        <source>Run the recorder with sudo (needs passwordless sudo)</source>
        <translation>Kaydediciyi sudo ile çalıştır (parolasız sudo gerekir)</translation>
    </message>
    <message>
        <source>Delete the host&apos;s copy after fetching</source>
        <translation>İndirdikten sonra ana makinedeki kopyayı sil</translation>
    </message>
    <message>
        <source>Recording</source>
        <translation>Kayıt</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;İsim:</translation>
    </message>
    <message>
        <source>&amp;Duration:</source>
        <translation>&amp;Süre:</translation>
    </message>
    <message>
        <source>&amp;Interval:</source>
        <translation>Ara&amp;lık:</translation>
    </message>
    <message>
        <source>Enter a host and start the recording.</source>
        <translation>Bir ana makine girin ve kaydı başlatın.</translation>
    </message>
    <message>
        <source>&amp;Record and Fetch</source>
        <translation>Kaydet ve İ&amp;ndir</translation>
    </message>
    <message>
        <source>&amp;Stop Early</source>
        <translation>&amp;Erken Durdur</translation>
    </message>
    <message>
        <source>End the recording now; the recorder still writes the archive, which is then fetched</source>
        <translation>Kaydı şimdi bitir; kaydedici yine de arşivi yazar ve arşiv ardından indirilir</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>İptal</translation>
    </message>
    <message>
        <source>Private Key</source>
        <translation>Özel Anahtar</translation>
    </message>
    <message>
        <source>Private keys (*.pem id_* *.key);;All files (*)</source>
        <translation>Özel anahtarlar (*.pem id_* *.key);;Tüm dosyalar (*)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Kapat</translation>
    </message>
    <message>
        <source>Enter the host to record.</source>
        <translation>Kaydedilecek ana makineyi girin.</translation>
    </message>
    <message>
        <source>Choose another run name: %1.</source>
        <translation>Başka bir çalıştırma adı seçin: %1.</translation>
    </message>
    <message>
        <source>The recorder (runlens-rec) was not found next to Runlens; reinstall Runlens or set RUNLENS_REC.</source>
        <translation>Kaydedici (runlens-rec), Runlens&apos;in yanında bulunamadı; Runlens&apos;i yeniden kurun veya RUNLENS_REC değişkenini ayarlayın.</translation>
    </message>
    <message>
        <source>Unknown Host Key</source>
        <translation>Bilinmeyen Ana Makine Anahtarı</translation>
    </message>
    <message>
        <source>The authenticity of %1 cannot be established: it is not in your known_hosts file.

%2 key fingerprint:
%3

Compare it with the fingerprint the host&apos;s administrator (or the EC2 console&apos;s system log) gives. Trust this key and connect?</source>
        <translation>%1 kimliği doğrulanamıyor: known_hosts dosyanızda yok.

%2 anahtar parmak izi:
%3

Bunu ana makinenin yöneticisinin (veya EC2 konsolunun sistem günlüğünün) verdiği parmak iziyle karşılaştırın. Bu anahtara güvenip bağlanılsın mı?</translation>
    </message>
    <message>
        <source>SSH</source>
        <translation>SSH</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>İptal ediliyor…</translation>
    </message>
    <message>
        <source>Several hosts, separated by commas or spaces, record the same way side by side</source>
        <translation>Virgül veya boşlukla ayrılmış birden fazla ana makine aynı şekilde yan yana kaydedilir</translation>
    </message>
    <message>
        <source>R&amp;uns on Host…</source>
        <translation>Ana Makinedeki Çalış&amp;tırmalar…</translation>
    </message>
    <message>
        <source>List the runs recorded on this host, fetch and open any of them, or delete them there</source>
        <translation>Bu ana makinede kaydedilen çalıştırmaları listele, herhangi birini indirip aç veya orada sil</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>waiting…</source>
        <translation>bekleniyor…</translation>
    </message>
    <message>
        <source>Enter the host whose runs to browse.</source>
        <translation>Çalıştırmalarına göz atılacak ana makineyi girin.</translation>
    </message>
    <message>
        <source>optional, e.g. sysbench cpu --time=60 --report-interval=1 run</source>
        <translation>isteğe bağlı, ör. sysbench cpu --time=60 --report-interval=1 run</translation>
    </message>
    <message>
        <source>A shell command the recorder runs on the host after its first sample. The recording ends when the command exits (or at the duration, if one is set), and its output is kept in the run.</source>
        <translation>Kaydedicinin ilk örnekten sonra ana makinede çalıştırdığı bir kabuk komutu. Kayıt, komut bittiğinde (ya da ayarlanmışsa süre dolduğunda) biter ve komutun çıktısı çalışmada saklanır.</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Yok</translation>
    </message>
    <message>
        <source>Which benchmark&apos;s output to read as the workload&apos;s metrics (throughput, latency)</source>
        <translation>Hangi kıyaslama aracının çıktısının iş yükü ölçümleri (verim, gecikme) olarak okunacağı</translation>
    </message>
    <message>
        <source>&amp;Workload:</source>
        <translation>İş &amp;yükü:</translation>
    </message>
    <message>
        <source>&amp;Output metrics:</source>
        <translation>Çıktı ö&amp;lçümleri:</translation>
    </message>
</context>
<context>
    <name>ConvertCommand</name>
    <message>
        <source>Writes the CPU stacks of FILE (a run archive, folded stacks, or `perf script` output, plain or gzip) as folded stacks, one &quot;frame;frame;frame count&quot; line per stack, sorted, as stackcollapse-perf.pl prints them.</source>
        <translation>FILE içindeki CPU yığınlarını (bir çalıştırma arşivi, katlanmış yığınlar veya `perf script` çıktısı; düz ya da gzip) katlanmış yığınlar olarak yazar: yığın başına bir &quot;frame;frame;frame count&quot; satırı, sıralı, stackcollapse-perf.pl&apos;nin yazdırdığı gibi.</translation>
    </message>
    <message>
        <source>format</source>
        <translation>biçim</translation>
    </message>
    <message>
        <source>Append the process id to the process name (comm-PID).</source>
        <translation>İşlem adına işlem kimliğini ekle (comm-PID).</translation>
    </message>
    <message>
        <source>Append process and thread id (comm-PID/TID).</source>
        <translation>İşlem ve iş parçacığı kimliğini ekle (comm-PID/TID).</translation>
    </message>
    <message>
        <source>Mark kernel frames with _[k].</source>
        <translation>Çekirdek çerçevelerini _[k] ile işaretle.</translation>
    </message>
    <message>
        <source>Mark JIT frames with _[j].</source>
        <translation>JIT çerçevelerini _[j] ile işaretle.</translation>
    </message>
    <message>
        <source>Both --kernel and --jit.</source>
        <translation>Hem --kernel hem --jit.</translation>
    </message>
    <message>
        <source>Show the address of frames without a symbol.</source>
        <translation>Sembolü olmayan çerçevelerin adresini göster.</translation>
    </message>
    <message>
        <source>Write to this file instead of the standard output.</source>
        <translation>Standart çıktı yerine bu dosyaya yaz.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>dosya</translation>
    </message>
    <message>
        <source>give exactly one FILE to convert</source>
        <translation>dönüştürülecek tam olarak bir FILE verin</translation>
    </message>
    <message>
        <source>%1 is too large to convert: not enough memory.</source>
        <translation>%1 dönüştürülemeyecek kadar büyük: yeterli bellek yok.</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 yazılamıyor: %2</translation>
    </message>
    <message>
        <source>cannot write to the standard output</source>
        <translation>standart çıktıya yazılamıyor</translation>
    </message>
    <message>
        <source>only the samples of the first event type, %1, are written; %2 samples of other events (%3 first) are left out, as stackcollapse-perf.pl does.</source>
        <translation>yalnızca ilk olay türünün (%1) örnekleri yazıldı; diğer olayların %2 örneği (ilki %3) stackcollapse-perf.pl&apos;deki gibi dışarıda bırakıldı.</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) were neither a sample header nor a frame and were skipped.</source>
        <translation>
            <numerusform>%n satır ne örnek başlığı ne de çerçeveydi ve atlandı.</numerusform>
        </translation>
    </message>
    <message>
        <source>Count samples instead of adding up their periods (event counts), which is what stackcollapse-perf.pl does.</source>
        <translation>Örneklerin periyotlarını (olay sayılarını) toplamak yerine örnekleri say; stackcollapse-perf.pl periyotları toplar.</translation>
    </message>
    <message>
        <source>give the runs whose series to write</source>
        <translation>serileri yazılacak çalıştırmaları verin</translation>
    </message>
    <message>
        <source>the runs are too large to convert: not enough memory.</source>
        <translation>çalıştırmalar dönüştürmek için çok büyük: bellek yetersiz.</translation>
    </message>
    <message>
        <source>no run has the metric %1</source>
        <translation>hiçbir çalıştırmada %1 ölçütü yok</translation>
    </message>
    <message>
        <source>With csv or json: only this metric (repeatable).</source>
        <translation>csv veya json ile: yalnızca bu ölçüt (tekrarlanabilir).</translation>
    </message>
    <message>
        <source>id</source>
        <translation>kimlik</translation>
    </message>
    <message>
        <source>The profile to convert (folded), or the runs (csv, json).</source>
        <translation>Dönüştürülecek profil (folded) veya çalıştırmalar (csv, json).</translation>
    </message>
    <message>
        <source>steady state of %1: %2</source>
        <translation>%1 çalıştırmasının kararlı durumu: %2</translation>
    </message>
    <message>
        <source>[RUN=]FROM:TO|steady</source>
        <translation>[RUN=]FROM:TO|steady</translation>
    </message>
    <message>
        <source>give both variants&apos; runs: --baseline A1 [--baseline A2 ...] --vs B1 [--vs B2 ...]</source>
        <translation>her iki varyantın çalıştırmalarını verin: --baseline A1 [--baseline A2 ...] --vs B1 [--vs B2 ...]</translation>
    </message>
    <message>
        <source>%1 has no stack samples (record with runlens-rec record --profile)</source>
        <translation>%1 çalıştırmasında yığın örneği yok (runlens-rec record --profile ile kaydedin)</translation>
    </message>
    <message>
        <source>the runs are too large to compare: not enough memory.</source>
        <translation>çalıştırmalar karşılaştırmak için çok büyük: bellek yetersiz.</translation>
    </message>
    <message>
        <source>baseline: %1; compared: %2; %3; columns: baseline compared change baseline_spread compared_spread verdict</source>
        <translation>referans: %1; karşılaştırılan: %2; %3; sütunlar: baseline compared change baseline_spread compared_spread verdict</translation>
    </message>
    <message>
        <source>samples per second</source>
        <translation>saniye başına örnek</translation>
    </message>
    <message>
        <source>shares of each variant&apos;s samples</source>
        <translation>her varyantın örneklerindeki paylar</translation>
    </message>
    <message>
        <source>fewer than three runs on a side: the frames&apos; changes are the plain difference of the pooled runs, untested against run-to-run noise.</source>
        <translation>bir tarafta üçten az çalıştırma var: çerçevelerin değişimleri birleştirilmiş çalıştırmaların düz farkıdır, çalıştırmalar arası gürültüye karşı sınanmadı.</translation>
    </message>
    <message>
        <source>Output format: &quot;folded&quot; (the stacks), &quot;diff-folded&quot; (two variants&apos; frames compared), &quot;csv&quot; or &quot;json&quot; (the series, one point per line: time, run, metric, instance, value).</source>
        <translation>Çıktı biçimi: &quot;folded&quot; (yığınlar), &quot;diff-folded&quot; (iki varyantın çerçeveleri karşılaştırmalı), &quot;csv&quot; veya &quot;json&quot; (seriler, satır başına bir nokta: zaman, çalıştırma, ölçüt, örnek, değer).</translation>
    </message>
    <message>
        <source>Only the points (csv, json) or stack samples (folded, diff-folded) between FROM and TO seconds after each run&apos;s start (500ms, 30s, 2.5m; either side may be left out). With csv or json also RUN=FROM:TO for one run (its name or 1-based position) and &quot;steady&quot; (or RUN=steady) for the steady state found in CPU busy and the workload metric, the reason on stderr. Repeatable.</source>
        <translation>Yalnızca her çalıştırmanın başlangıcından sonraki FROM ile TO saniyeleri arasındaki noktalar (csv, json) veya yığın örnekleri (folded, diff-folded) (500ms, 30s, 2.5m; iki taraftan biri boş bırakılabilir). csv veya json ile ayrıca tek bir çalıştırma için RUN=FROM:TO (adı veya 1&apos;den başlayan sırası) ve CPU meşguliyeti ile iş yükü ölçütünde bulunan kararlı durum için &quot;steady&quot; (veya RUN=steady); gerekçe stderr&apos;e yazılır. Tekrarlanabilir.</translation>
    </message>
    <message>
        <source>With diff-folded: a run of the baseline variant (repeatable).</source>
        <translation>diff-folded ile: referans varyantın bir çalıştırması (tekrarlanabilir).</translation>
    </message>
    <message>
        <source>With diff-folded: a run of the variant compared (repeatable).</source>
        <translation>diff-folded ile: karşılaştırılan varyantın bir çalıştırması (tekrarlanabilir).</translation>
    </message>
    <message>
        <source>With diff-folded: compare samples per second instead of shares of samples.</source>
        <translation>diff-folded ile: örnek payları yerine saniye başına örnekleri karşılaştır.</translation>
    </message>
    <message>
        <source>--window %1 is not FROM:TO in seconds (for example 30s:2m)</source>
        <translation>--window %1 saniye cinsinden FROM:TO değil (örneğin 30s:2m)</translation>
    </message>
    <message>
        <source>say which format to write: --to folded, diff-folded, csv or json</source>
        <translation>hangi biçimin yazılacağını söyleyin: --to folded, diff-folded, csv veya json</translation>
    </message>
</context>
<context>
    <name>ExportCommand</name>
    <message>
        <source>cannot write to the standard output</source>
        <translation>standart çıktıya yazılamıyor</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 yazılamıyor: %2</translation>
    </message>
    <message>
        <source>Exports charts, flame graphs, heat maps and the summary of runs for presentations: PNG (at 1×, 2× or 3×), SVG or PDF, drawn fresh at the target size in the presentation style. The first run is the baseline.</source>
        <translation>Çalıştırmaların grafiklerini, alev grafiklerini, ısı haritalarını ve özetini sunumlar için dışa aktarır: PNG (1×, 2× veya 3×), SVG veya PDF; hedef boyutta, sunum stilinde yeniden çizilir. İlk çalıştırma referanstır.</translation>
    </message>
    <message>
        <source>The runs, the baseline first (the option takes every following file).</source>
        <translation>Çalıştırmalar, önce referans (seçenek ardından gelen tüm dosyaları alır).</translation>
    </message>
    <message>
        <source>archive</source>
        <translation>arşiv</translation>
    </message>
    <message>
        <source>A metric to chart, e.g. cpu.user or cpu.user[cpu3]. Repeatable: one chart each.</source>
        <translation>Grafiği çizilecek bir metrik, ör. cpu.user veya cpu.user[cpu3]. Tekrarlanabilir: her biri için bir grafik.</translation>
    </message>
    <message>
        <source>id</source>
        <translation>kimlik</translation>
    </message>
    <message>
        <source>Export the flame graph of the last run.</source>
        <translation>Son çalıştırmanın alev grafiğini dışa aktar.</translation>
    </message>
    <message>
        <source>With --flamegraph: the differential flame graph of the last run against the baseline.</source>
        <translation>--flamegraph ile: son çalıştırmanın referansa göre fark alev grafiği.</translation>
    </message>
    <message>
        <source>With --diff: compare samples per second instead of shares of each run&apos;s samples.</source>
        <translation>--diff ile: her çalıştırmanın örnekleri içindeki paylar yerine saniye başına örnekleri karşılaştır.</translation>
    </message>
    <message>
        <source>Export the per-instance heat map of a metric (each CPU over time).</source>
        <translation>Bir metriğin örnek başına ısı haritasını dışa aktar (zaman içinde her CPU).</translation>
    </message>
    <message>
        <source>Export the summary table: md, csv, png, svg or pdf.</source>
        <translation>Özet tablosunu dışa aktar: md, csv, png, svg veya pdf.</translation>
    </message>
    <message>
        <source>format</source>
        <translation>biçim</translation>
    </message>
    <message>
        <source>png, svg or pdf (default: from the output file&apos;s suffix).</source>
        <translation>png, svg veya pdf (varsayılan: çıktı dosyasının uzantısından).</translation>
    </message>
    <message>
        <source>WIDTHxHEIGHT in pixels, or 1920x1080, 1280x720, 4:3 (default 1920x1080).</source>
        <translation>Piksel cinsinden WIDTHxHEIGHT ya da 1920x1080, 1280x720, 4:3 (varsayılan 1920x1080).</translation>
    </message>
    <message>
        <source>size</source>
        <translation>boyut</translation>
    </message>
    <message>
        <source>PNG pixels per target pixel: 1, 2 or 3 (default 1).</source>
        <translation>Hedef piksel başına PNG pikseli: 1, 2 veya 3 (varsayılan 1).</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>ölçek</translation>
    </message>
    <message>
        <source>presentation (default: large type, thick lines) or screen.</source>
        <translation>presentation (varsayılan: büyük yazı, kalın çizgiler) veya screen.</translation>
    </message>
    <message>
        <source>style</source>
        <translation>stil</translation>
    </message>
    <message>
        <source>The title (default: the runs compared).</source>
        <translation>Başlık (varsayılan: karşılaştırılan çalıştırmalar).</translation>
    </message>
    <message>
        <source>text</source>
        <translation>metin</translation>
    </message>
    <message>
        <source>The subtitle (default: the window).</source>
        <translation>Alt başlık (varsayılan: pencere).</translation>
    </message>
    <message>
        <source>A footnote under the figure.</source>
        <translation>Şeklin altında bir dipnot.</translation>
    </message>
    <message>
        <source>A footnote with each run&apos;s host: instance type, CPU, CPUs, memory, kernel.</source>
        <translation>Her çalıştırmanın ana makinesini içeren bir dipnot: örnek türü, CPU, CPU sayısı, bellek, çekirdek.</translation>
    </message>
    <message>
        <source>With --summary: only the metrics whose change is beyond noise.</source>
        <translation>--summary ile: yalnızca değişimi gürültünün ötesinde olan metrikler.</translation>
    </message>
    <message>
        <source>One page per metric instead of a grid on one page (PDF).</source>
        <translation>Tek sayfada ızgara yerine metrik başına bir sayfa (PDF).</translation>
    </message>
    <message>
        <source>Charts across in the grid (default: by count).</source>
        <translation>Izgarada yan yana grafik sayısı (varsayılan: grafik sayısına göre).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>The file to write (- for the standard output, text formats only).</source>
        <translation>Yazılacak dosya (standart çıktı için -, yalnızca metin biçimleri).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>dosya</translation>
    </message>
    <message>
        <source>More runs (after --runs A).</source>
        <translation>Daha fazla çalıştırma (--runs A ardından).</translation>
    </message>
    <message>
        <source>RUN…</source>
        <translation>ÇALIŞTIRMA…</translation>
    </message>
    <message>
        <source>give the runs: runlens export --runs A.tar.gz B.tar.gz --metric cpu.user -o out.svg</source>
        <translation>çalıştırmaları verin: runlens export --runs A.tar.gz B.tar.gz --metric cpu.user -o out.svg</translation>
    </message>
    <message>
        <source>choose one of --metric (repeatable), --flamegraph, --heatmap or --summary</source>
        <translation>--metric (tekrarlanabilir), --flamegraph, --heatmap veya --summary seçeneklerinden birini seçin</translation>
    </message>
    <message>
        <source>--diff goes with --flamegraph</source>
        <translation>--diff, --flamegraph ile birlikte kullanılır</translation>
    </message>
    <message>
        <source>unknown summary format &quot;%1&quot;: use md, csv, png, svg or pdf</source>
        <translation>bilinmeyen özet biçimi &quot;%1&quot;: md, csv, png, svg veya pdf kullanın</translation>
    </message>
    <message>
        <source>give the file to write with -o, e.g. -o chart.svg</source>
        <translation>yazılacak dosyayı -o ile verin, ör. -o chart.svg</translation>
    </message>
    <message>
        <source>unknown format &quot;%1&quot;: use png, svg or pdf</source>
        <translation>bilinmeyen biçim &quot;%1&quot;: png, svg veya pdf kullanın</translation>
    </message>
    <message>
        <source>cannot tell the format from &quot;%1&quot;: name it .png, .svg or .pdf, or give --format</source>
        <translation>biçim &quot;%1&quot; adından anlaşılamıyor: dosyayı .png, .svg veya .pdf olarak adlandırın ya da --format verin</translation>
    </message>
    <message>
        <source>the size &quot;%1&quot; is not WIDTHxHEIGHT (100 to 10000 pixels each) or a preset: 1920x1080, 1280x720, 4:3</source>
        <translation>&quot;%1&quot; boyutu ne WIDTHxHEIGHT (her biri 100 ile 10000 piksel arası) ne de bir hazır ayar: 1920x1080, 1280x720, 4:3</translation>
    </message>
    <message>
        <source>the scale must be 1, 2 or 3</source>
        <translation>ölçek 1, 2 veya 3 olmalıdır</translation>
    </message>
    <message>
        <source>unknown style &quot;%1&quot;: use presentation or screen</source>
        <translation>bilinmeyen stil &quot;%1&quot;: presentation veya screen kullanın</translation>
    </message>
    <message>
        <source>--columns takes 1 to 6</source>
        <translation>--columns 1 ile 6 arasında bir değer alır</translation>
    </message>
    <message>
        <source>--pages needs PDF: PNG and SVG hold one page</source>
        <translation>--pages için PDF gerekir: PNG ve SVG tek sayfa içerir</translation>
    </message>
    <message>
        <source>no run has the metric &quot;%1&quot; (runlens-rec info RUN lists them)</source>
        <translation>hiçbir çalıştırmada &quot;%1&quot; metriği yok (runlens-rec info RUN bunları listeler)</translation>
    </message>
    <message>
        <source>no run has instances of &quot;%1&quot; to draw a heat map of</source>
        <translation>hiçbir çalıştırmada ısı haritası çizilecek &quot;%1&quot; örnekleri yok</translation>
    </message>
    <message>
        <source>--diff needs two runs: the baseline and the run to compare</source>
        <translation>--diff için iki çalıştırma gerekir: referans ve karşılaştırılacak çalıştırma</translation>
    </message>
    <message>
        <source>%1 has no stack samples (record with runlens-rec record --profile)</source>
        <translation>%1 içinde yığın örneği yok (runlens-rec record --profile ile kaydedin)</translation>
    </message>
    <message>
        <source>Flame graph: %1 against %2</source>
        <translation>Alev grafiği: %1 ile %2 karşılaştırması</translation>
    </message>
    <message>
        <source>Flame graph: %1</source>
        <translation>Alev grafiği: %1</translation>
    </message>
    <message>
        <source>Summary: %1</source>
        <translation>Özet: %1</translation>
    </message>
    <message>
        <source>With --flamegraph: widths by the samples&apos; summed periods (event counts) instead of sample counts, where every run shown has periods.</source>
        <translation>--flamegraph ile: genişlikler örnek sayıları yerine örneklerin toplanan periyotlarına (olay sayılarına) göre; gösterilen her çalıştırmada periyot varsa.</translation>
    </message>
    <message>
        <source>Only FROM to TO after each run&apos;s start, e.g. 30s:210s or 1m:5m (either side may be left out); RUN=FROM:TO for one run (its name or 1-based position); &quot;steady&quot; (or RUN=steady) for the steady state found in CPU busy and the workload metric, the reason on stderr. Repeatable.</source>
        <translation>Yalnızca her çalıştırmanın başlangıcından sonraki FROM ile TO arası, ör. 30s:210s veya 1m:5m (iki taraftan biri boş bırakılabilir); tek bir çalıştırma için RUN=FROM:TO (adı ya da 1&apos;den başlayan sırası); CPU meşguliyetinde ve iş yükü metriğinde bulunan kararlı durum için &quot;steady&quot; (veya RUN=steady), nedeni stderr&apos;e yazılır. Tekrarlanabilir.</translation>
    </message>
    <message>
        <source>[RUN=]FROM:TO|steady</source>
        <translation>[RUN=]FROM:TO|steady</translation>
    </message>
    <message>
        <source>steady state of %1: %2</source>
        <translation>%1 çalıştırmasının kararlı durumu: %2</translation>
    </message>
    <message>
        <source>the differential flame graph uses %1&apos;s window for %2 too: a flame graph has one time range</source>
        <translation>fark alev grafiği %1 çalıştırmasının penceresini %2 için de kullanır: bir alev grafiğinin tek bir zaman aralığı vardır</translation>
    </message>
    <message>
        <source>CPUs %1</source>
        <translation>CPU&apos;lar %1</translation>
    </message>
    <message>
        <source>processes %1</source>
        <translation>süreçler %1</translation>
    </message>
    <message>
        <source>threads %1</source>
        <translation>iş parçacıkları %1</translation>
    </message>
    <message>
        <source> · only %1</source>
        <translation> · yalnızca %1</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>Dışa Aktar</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Grafikler</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>Isı haritası</translation>
    </message>
    <message>
        <source>Flame graph (as shown)</source>
        <translation>Alev grafiği (gösterildiği gibi)</translation>
    </message>
    <message>
        <source>Summary table (as filtered)</source>
        <translation>Özet tablosu (filtrelendiği gibi)</translation>
    </message>
    <message>
        <source>One page per chart (PDF)</source>
        <translation>Grafik başına bir sayfa (PDF)</translation>
    </message>
    <message>
        <source>What the charts show (zoom)</source>
        <translation>Grafiklerin gösterdiği aralık (yakınlaştırma)</translation>
    </message>
    <message>
        <source>The time selection</source>
        <translation>Zaman seçimi</translation>
    </message>
    <message>
        <source>The whole run</source>
        <translation>Tüm çalıştırma</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG görüntüsü</translation>
    </message>
    <message>
        <source>SVG vector drawing</source>
        <translation>SVG vektör çizimi</translation>
    </message>
    <message>
        <source>PDF document</source>
        <translation>PDF belgesi</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Özel</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Presentation (large type, thick lines)</source>
        <translation>Sunum (büyük yazı, kalın çizgiler)</translation>
    </message>
    <message>
        <source>Report (closer to the screen)</source>
        <translation>Rapor (ekrana daha yakın)</translation>
    </message>
    <message>
        <source>Optional, e.g. the workload and its settings</source>
        <translation>İsteğe bağlı, ör. iş yükü ve ayarları</translation>
    </message>
    <message>
        <source>Add each run&apos;s host (instance type, CPU, memory, kernel) to the footnote</source>
        <translation>Her çalıştırmanın ana makinesini (örnek türü, CPU, bellek, çekirdek) dipnota ekle</translation>
    </message>
    <message>
        <source>E&amp;xport:</source>
        <translation>&amp;Dışa aktar:</translation>
    </message>
    <message>
        <source>Cha&amp;rts:</source>
        <translation>&amp;Grafikler:</translation>
    </message>
    <message>
        <source>&amp;Heat map of:</source>
        <translation>&amp;Isı haritası:</translation>
    </message>
    <message>
        <source>&amp;Window:</source>
        <translation>&amp;Pencere:</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Biçim:</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>B&amp;oyut:</translation>
    </message>
    <message>
        <source>Sc&amp;ale:</source>
        <translation>Ö&amp;lçek:</translation>
    </message>
    <message>
        <source>St&amp;yle:</source>
        <translation>S&amp;til:</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>Başlı&amp;k:</translation>
    </message>
    <message>
        <source>Su&amp;btitle:</source>
        <translation>&amp;Alt başlık:</translation>
    </message>
    <message>
        <source>F&amp;ootnote:</source>
        <translation>Dip&amp;not:</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>Dışa Akta&amp;r…</translation>
    </message>
    <message>
        <source>&amp;Copy Image</source>
        <translation>Görüntüyü Kop&amp;yala</translation>
    </message>
    <message>
        <source>Nothing to export: choose at least one chart.</source>
        <translation>Dışa aktarılacak bir şey yok: en az bir grafik seçin.</translation>
    </message>
    <message>
        <source>Pages: %1, %2 × %3 px</source>
        <translation>Sayfa: %1, %2 × %3 px</translation>
    </message>
    <message>
        <source> (written at %1 × %2)</source>
        <translation> (%1 × %2 olarak yazılır)</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 dosyaları (*.%2)</translation>
    </message>
    <message>
        <source>Page 1 of %1 (PDF holds them all), %2 × %3 px</source>
        <translation>Sayfa 1 / %1 (hepsini PDF tutar), %2 × %3 px</translation>
    </message>
    <message>
        <source>Each run&apos;s trim window</source>
        <translation>Her çalıştırmanın kırpma penceresi</translation>
    </message>
</context>
<context>
    <name>ExportSources</name>
    <message>
        <source> · only %1</source>
        <translation> · yalnızca %1</translation>
    </message>
</context>
<context>
    <name>FigureTexts</name>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 ile %2 karşılaştırması</translation>
    </message>
    <message>
        <source>Whole run (%1 – %2)</source>
        <translation>Tüm çalıştırma (%1 – %2)</translation>
    </message>
    <message>
        <source>Window %1 – %2</source>
        <translation>Pencere %1 – %2</translation>
    </message>
    <message>
        <source>%1 CPUs</source>
        <translation>%1 CPU</translation>
    </message>
    <message>
        <source>Linux %1</source>
        <translation>Linux %1</translation>
    </message>
    <message>
        <source>Each run&apos;s trim window</source>
        <translation>Her çalıştırmanın kırpma penceresi</translation>
    </message>
</context>
<context>
    <name>FigureWriter</name>
    <message>
        <source>Exported by Runlens</source>
        <translation>Runlens ile dışa aktarıldı</translation>
    </message>
    <message>
        <source>Cannot export to %1: %2</source>
        <translation>%1 konumuna dışa aktarılamıyor: %2</translation>
    </message>
    <message>
        <source>there is nothing to export</source>
        <translation>dışa aktarılacak bir şey yok</translation>
    </message>
    <message>
        <source>%1 holds one page and this export has %2; choose PDF for several pages</source>
        <translation>%1 tek sayfa içerir, bu dışa aktarımda ise %2 sayfa var; birden çok sayfa için PDF seçin</translation>
    </message>
</context>
<context>
    <name>FindingRules</name>
    <message>
        <source>The findings rules are not valid: %1.</source>
        <translation>Bulgu kuralları geçerli değil: %1.</translation>
    </message>
    <message>
        <source>expected an object with a &quot;rules&quot; array</source>
        <translation>&quot;rules&quot; dizisi içeren bir nesne bekleniyordu</translation>
    </message>
    <message>
        <source>every rule must be an object</source>
        <translation>her kural bir nesne olmalıdır</translation>
    </message>
    <message>
        <source>rule %1 has severity &quot;%2&quot;; use info, warning or critical</source>
        <translation>%1 kuralının önem derecesi &quot;%2&quot;; info, warning veya critical kullanın</translation>
    </message>
    <message>
        <source>rule %1 has scope &quot;%2&quot;; use run or comparison</source>
        <translation>%1 kuralının kapsamı &quot;%2&quot;; run veya comparison kullanın</translation>
    </message>
    <message>
        <source>rule %1 uses the unknown statistic &quot;%2&quot;</source>
        <translation>%1 kuralı bilinmeyen &quot;%2&quot; istatistiğini kullanıyor</translation>
    </message>
    <message>
        <source>rule %1 has the operator &quot;%2&quot;; use &gt;, &gt;=, &lt; or &lt;=</source>
        <translation>%1 kuralının işleci &quot;%2&quot;; &gt;, &gt;=, &lt; veya &lt;= kullanın</translation>
    </message>
    <message>
        <source>rule %1 needs a numeric threshold</source>
        <translation>%1 kuralı için sayısal bir eşik değeri gerekir</translation>
    </message>
    <message>
        <source>rule %1: &quot;host&quot; must be a non-empty list of conditions</source>
        <translation>%1 kuralı: &quot;host&quot; boş olmayan bir koşul listesi olmalıdır</translation>
    </message>
    <message>
        <source>rule %1: a host condition needs a section and a key</source>
        <translation>%1 kuralı: bir ana makine koşulu için section ve key gerekir</translation>
    </message>
    <message>
        <source>rule %1: the host condition on %2 needs an operator (&gt;, &gt;=, &lt; or &lt;=) and a numeric threshold</source>
        <translation>%1 kuralı: %2 üzerindeki ana makine koşulu için bir işleç (&gt;, &gt;=, &lt; veya &lt;=) ve sayısal bir eşik değeri gerekir</translation>
    </message>
    <message>
        <source>rule %1: the host condition on %2 needs &quot;in&quot;, &quot;not_in&quot; or an operator and threshold</source>
        <translation>%1 kuralı: %2 üzerindeki ana makine koşulu için &quot;in&quot;, &quot;not_in&quot; ya da bir işleç ve eşik değeri gerekir</translation>
    </message>
    <message>
        <source>rule %1 needs an id, a metric (or host conditions) and a sentence</source>
        <translation>%1 kuralı için bir kimlik, bir metrik (veya ana makine koşulları) ve bir cümle gerekir</translation>
    </message>
    <message>
        <source>rule %1 tests host facts alone and must have scope run</source>
        <translation>%1 kuralı yalnızca ana makine bilgilerini sınar ve kapsamı run olmalıdır</translation>
    </message>
</context>
<context>
    <name>FlameGraphPanel</name>
    <message>
        <source>Flame graph</source>
        <translation>Alev grafiği</translation>
    </message>
    <message>
        <source>Icicle graph</source>
        <translation>Buz sarkıtı grafiği</translation>
    </message>
    <message>
        <source>Flame graph: callers at the bottom. Icicle graph: callers at the top.</source>
        <translation>Alev grafiği: çağıranlar altta. Buz sarkıtı grafiği: çağıranlar üstte.</translation>
    </message>
    <message>
        <source>Compare with baseline</source>
        <translation>Referansla karşılaştır</translation>
    </message>
    <message>
        <source>Colour the current run&apos;s flame graph by the change from the baseline run</source>
        <translation>Geçerli çalıştırmanın alev grafiğini, referans çalıştırmaya kıyasla değişime göre renklendir</translation>
    </message>
    <message>
        <source>by share of samples</source>
        <translation>örnek payına göre</translation>
    </message>
    <message>
        <source>by samples per second</source>
        <translation>saniye başına örneğe göre</translation>
    </message>
    <message>
        <source>Share of samples compares where the time went; samples per second also shows how much more or less CPU was used</source>
        <translation>Örnek payı zamanın nereye gittiğini karşılaştırır; saniye başına örnek ise ayrıca ne kadar daha fazla veya daha az CPU kullanıldığını gösterir</translation>
    </message>
    <message>
        <source>Search functions (regular expression)</source>
        <translation>Fonksiyonlarda ara (düzenli ifade)</translation>
    </message>
    <message>
        <source>Top functions</source>
        <translation>En yoğun fonksiyonlar</translation>
    </message>
    <message>
        <source>Frames the baseline has and the current run does not: they have no width in the graph</source>
        <translation>Referansta olup geçerli çalıştırmada olmayan çerçeveler: grafikte genişlikleri yoktur</translation>
    </message>
    <message>
        <source>Only in baseline</source>
        <translation>Yalnızca referansta</translation>
    </message>
    <message>
        <source>Heat map</source>
        <translation>Isı haritası</translation>
    </message>
    <message>
        <source>The current run&apos;s samples per 20 ms, a column per second: drag to select a time range</source>
        <translation>Geçerli çalıştırmanın 20 ms başına örnekleri, saniye başına bir sütun: bir zaman aralığı seçmek için sürükleyin</translation>
    </message>
    <message>
        <source>%1% matched</source>
        <translation>%%1 eşleşti</translation>
    </message>
    <message>
        <source>None of the open runs has CPU stack samples. Record with stack sampling, or open folded stacks or `perf script` output.</source>
        <translation>Açık çalıştırmaların hiçbirinde CPU yığın örneği yok. Yığın örneklemesiyle kayıt yapın ya da katlanmış yığınları veya `perf script` çıktısını açın.</translation>
    </message>
    <message>
        <source>Computing the flame graph…</source>
        <translation>Alev grafiği hesaplanıyor…</translation>
    </message>
    <message>
        <source>%1 samples of %2 between %3 s and %4 s (the selected range)</source>
        <translation>%2 çalıştırmasının %3 s ile %4 s arasındaki %1 örneği (seçili aralık)</translation>
    </message>
    <message>
        <source>%1 samples of %2 (the whole run; select a range in a chart to narrow it)</source>
        <translation>%2 çalıştırmasının %1 örneği (tüm çalıştırma; daraltmak için bir grafikte aralık seçin)</translation>
    </message>
    <message>
        <source>%1 baseline samples (%2% of the baseline)</source>
        <translation>%1 referans örneği (referansın %%2 kadarı)</translation>
    </message>
    <message>
        <source>Only in baseline (%1)</source>
        <translation>Yalnızca referansta (%1)</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Örnekler</translation>
    </message>
    <message>
        <source>Event count (period)</source>
        <translation>Olay sayısı (periyot)</translation>
    </message>
    <message>
        <source>Samples: how often a stack was seen. Event count: the sum of the samples&apos; periods (cycles, nanoseconds), which weighs each sample by what it stands for when the kernel changed the period, as in frequency mode; what stackcollapse-perf.pl adds up.</source>
        <translation>Örnekler: bir yığının kaç kez görüldüğü. Olay sayısı: örneklerin periyotlarının (çevrim, nanosaniye) toplamı; çekirdek periyodu değiştirdiğinde (frekans kipinde olduğu gibi) her örneği temsil ettiği kadar ağırlıklandırır; stackcollapse-perf.pl bunu toplar.</translation>
    </message>
    <message>
        <source>The runs shown record no periods (every sample weighs the same): only samples.</source>
        <translation>Gösterilen çalıştırmalar periyot kaydetmiyor (her örnek aynı ağırlıkta): yalnızca örnekler.</translation>
    </message>
    <message>
        <source>%1 events of %2 between %3 s and %4 s (the selected range)</source>
        <translation>%2 çalıştırmasının %3 s ile %4 s arasındaki %1 olayı (seçili aralık)</translation>
    </message>
    <message>
        <source>%1 events of %2 (the whole run; select a range in a chart to narrow it)</source>
        <translation>%2 çalıştırmasının %1 olayı (tüm çalıştırma; daraltmak için bir grafikte aralık seçin)</translation>
    </message>
    <message>
        <source>Colour noise</source>
        <translation>Gürültüyü renklendir</translation>
    </message>
    <message>
        <source>When runs are tagged as repeats of variants (group or variant tags), frames whose change is within the noise of the repeats are drawn neutral. Check to colour every change.</source>
        <translation>Çalıştırmalar varyant tekrarları olarak etiketlendiğinde (group veya variant etiketleri), değişimi tekrarların gürültüsü içinde kalan çerçeveler nötr çizilir. Her değişimi renklendirmek için işaretleyin.</translation>
    </message>
    <message>
        <source>Processes &amp;&amp; CPUs</source>
        <translation>Süreçler &amp;&amp; CPU&apos;lar</translation>
    </message>
    <message>
        <source>Which CPUs, processes and threads the flame graph counts, with their samples</source>
        <translation>Alev grafiğinin saydığı CPU&apos;lar, süreçler ve iş parçacıkları, örnek sayılarıyla</translation>
    </message>
    <message>
        <source>%1 events of %2 in the runs&apos; trim windows (select a range in a chart to narrow it)</source>
        <translation>%2 çalıştırmasının kırpma pencerelerinde %1 olay (daraltmak için bir grafikte aralık seçin)</translation>
    </message>
    <message>
        <source>%1 samples of %2 in the runs&apos; trim windows (select a range in a chart to narrow it)</source>
        <translation>%2 çalıştırmasının kırpma pencerelerinde %1 örnek (daraltmak için bir grafikte aralık seçin)</translation>
    </message>
    <message>
        <source>%1. Only %2.</source>
        <translation>%1. Yalnızca %2.</translation>
    </message>
    <message>
        <source>Variants compared: %1 runs against %2 of the baseline, each frame tested across the runs.</source>
        <translation>Varyantlar karşılaştırıldı: %1 çalıştırma, referansın %2 çalıştırmasına karşı; her çerçeve çalıştırmalar arasında sınandı.</translation>
    </message>
    <message>
        <source>Variants pooled: %1 runs against %2; fewer than three runs on a side give no noise to test against.</source>
        <translation>Varyantlar birleştirildi: %1 çalıştırma, %2 çalıştırmaya karşı; bir tarafta üçten az çalıştırma sınanacak gürültü vermez.</translation>
    </message>
    <message>
        <source>Indexing the profile of %1 (charts can be used meanwhile)…</source>
        <translation>%1 profili dizinleniyor (bu arada grafikler kullanılabilir)…</translation>
    </message>
</context>
<context>
    <name>FlameGraphRequest</name>
    <message>
        <source>%1 (%2 runs)</source>
        <translation>%1 (%2 çalıştırma)</translation>
    </message>
</context>
<context>
    <name>FlameGraphView</name>
    <message>
        <source>all</source>
        <translation>tümü</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>%1 içinde</translation>
    </message>
    <message>
        <source>Samples: %1 (%2 of total)</source>
        <translation>Örnekler: %1 (toplamda %2)</translation>
    </message>
    <message>
        <source>Self: %1 (%2 of total)</source>
        <translation>Kendi: %1 (toplamda %2)</translation>
    </message>
    <message>
        <source>Baseline: %1 (%2 of total), self %3</source>
        <translation>Referans: %1 (toplamda %2), kendi %3</translation>
    </message>
    <message>
        <source>%1%2 samples/s</source>
        <translation>%1%2 örnek/s</translation>
    </message>
    <message>
        <source>%1%2 points</source>
        <translation>%1%2 puan</translation>
    </message>
    <message>
        <source>Change: %1 total, %2 self</source>
        <translation>Değişim: toplam %1, kendi %2</translation>
    </message>
    <message>
        <source>No stack samples in this range.</source>
        <translation>Bu aralıkta yığın örneği yok.</translation>
    </message>
    <message>
        <source>samples per second of the range</source>
        <translation>aralığın saniye başına örnekleri</translation>
    </message>
    <message>
        <source>share of each run&apos;s samples</source>
        <translation>her çalıştırmanın örnekleri içindeki pay</translation>
    </message>
    <message>
        <source>Widths: %1 (%2 samples). Colour: change from the baseline, %3 (%4 samples), by %5.</source>
        <translation>Genişlikler: %1 (%2 örnek). Renk: referansa (%3, %4 örnek) göre değişim, ölçüt: %5.</translation>
    </message>
    <message>
        <source>blue shrank, red grew (full colour: %1 samples/s)</source>
        <translation>mavi azaldı, kırmızı arttı (tam renk: %1 örnek/s)</translation>
    </message>
    <message>
        <source>blue shrank, red grew (full colour: %1 points)</source>
        <translation>mavi azaldı, kırmızı arttı (tam renk: %1 puan)</translation>
    </message>
    <message>
        <source>%1: %2 samples</source>
        <translation>%1: %2 örnek</translation>
    </message>
    <message>
        <source>Matched: %1 of samples</source>
        <translation>Eşleşen örnek payı: %1</translation>
    </message>
    <message>
        <source>Event count: %1 (%2 of total)</source>
        <translation>Olay sayısı: %1 (toplamda %2)</translation>
    </message>
    <message>
        <source>%1%2 events/s</source>
        <translation>%1%2 olay/s</translation>
    </message>
    <message>
        <source>events per second of the range</source>
        <translation>aralığın saniye başına olayları</translation>
    </message>
    <message>
        <source>share of each run&apos;s events</source>
        <translation>her çalıştırmanın olayları içindeki pay</translation>
    </message>
    <message>
        <source>Widths: %1 (%2 events). Colour: change from the baseline, %3 (%4 events), by %5.</source>
        <translation>Genişlikler: %1 (%2 olay). Renk: referansa (%3, %4 olay) göre değişim, ölçüt: %5.</translation>
    </message>
    <message>
        <source>%1: %2 events (summed periods)</source>
        <translation>%1: %2 olay (toplanan periyotlar)</translation>
    </message>
    <message>
        <source>spread across runs ±%1 (baseline), ±%2 (this variant)</source>
        <translation>çalıştırmalar arası yayılım ±%1 (referans), ±%2 (bu varyant)</translation>
    </message>
    <message>
        <source>Beyond noise across %1 + %2 runs; %3</source>
        <translation>%1 + %2 çalıştırmada gürültünün ötesinde; %3</translation>
    </message>
    <message>
        <source>Within noise across %1 + %2 runs; %3</source>
        <translation>%1 + %2 çalıştırmada gürültü içinde; %3</translation>
    </message>
    <message>
        <source>Fewer than three runs on a side: the plain difference, untested</source>
        <translation>Bir tarafta üçten az çalıştırma: düz fark, sınanmadı</translation>
    </message>
    <message>
        <source>; changes within the noise of %1 + %2 runs drawn neutral</source>
        <translation>; %1 + %2 çalıştırmanın gürültüsü içindeki değişimler nötr çizildi</translation>
    </message>
    <message>
        <source>; pooled %1 + %2 runs</source>
        <translation>; birleştirilmiş %1 + %2 çalıştırma</translation>
    </message>
</context>
<context>
    <name>FlameScopeView</name>
    <message>
        <source>Samples per 20 ms: one column per second. Drag from one cell to another to select that time.</source>
        <translation>20 ms başına örnekler: saniye başına bir sütun. Bu zamanı seçmek için bir hücreden diğerine sürükleyin.</translation>
    </message>
    <message>
        <source>No stack samples</source>
        <translation>Yığın örneği yok</translation>
    </message>
    <message>
        <source>%1 s + %2 ms: %3 samples</source>
        <translation>%1 s + %2 ms: %3 örnek</translation>
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
        <translation>%1 örnek</translation>
    </message>
    <message>
        <source>Samples per 20 ms:</source>
        <translation>20 ms başına örnek:</translation>
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
        <translation>Başlarken</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Getting started with Runlens&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Record.&lt;/b&gt; On the host under test, while the workload runs: &lt;code&gt;runlens-rec record --name baseline --duration 4m&lt;/code&gt;; change one thing and record again with &lt;code&gt;--name tuned&lt;/code&gt;. Or let File › Connect to Host… do it over SSH.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Open.&lt;/b&gt; File › Open Runs… (or drop the archives onto the window). The first run is the baseline. The welcome page&apos;s Open the Demo Runs shows a comparison straight away.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Look.&lt;/b&gt; Double-click a metric in the browser to chart it. Drag in a chart to zoom (every chart follows), Shift+drag to select a time range, double-click or Ctrl+0 to zoom out.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Compare.&lt;/b&gt; The Summary (Ctrl+3) lists what changed beyond noise for the selection; the Flame Graph (Ctrl+4) shows where the CPU time went, red where the tuned run spends more.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Share.&lt;/b&gt; File › Export… writes charts, the summary or the flame graph as PNG, SVG or PDF.&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;Ctrl+F searches in the panel you are working in. Help › Keyboard Shortcuts lists every key.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Runlens ile başlarken&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Kaydedin.&lt;/b&gt; Test edilen makinede, iş yükü çalışırken: &lt;code&gt;runlens-rec record --name baseline --duration 4m&lt;/code&gt;; bir şeyi değiştirip &lt;code&gt;--name tuned&lt;/code&gt; ile yeniden kaydedin. Ya da bunu SSH üzerinden Dosya › Makineye Bağlan… yapsın.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Açın.&lt;/b&gt; Dosya › Çalıştırmaları Aç… (ya da arşivleri pencereye bırakın). İlk çalıştırma temel çizgidir. Karşılama sayfasındaki Tanıtım Çalıştırmalarını Aç hemen bir karşılaştırma gösterir.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Bakın.&lt;/b&gt; Grafiğini çizmek için tarayıcıda bir metriğe çift tıklayın. Yakınlaştırmak için grafikte sürükleyin (tüm grafikler izler), zaman aralığı seçmek için Shift+sürükleyin, uzaklaştırmak için çift tıklayın ya da Ctrl+0.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Karşılaştırın.&lt;/b&gt; Özet (Ctrl+3) seçim için gürültünün ötesinde neyin değiştiğini listeler; Alev Grafiği (Ctrl+4) CPU zamanının nereye gittiğini gösterir, iyileştirilmiş çalıştırmanın daha çok harcadığı yerler kırmızıdır.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Paylaşın.&lt;/b&gt; Dosya › Dışa Aktar… grafikleri, özeti ya da alev grafiğini PNG, SVG veya PDF olarak yazar.&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;Ctrl+F, çalıştığınız panelde arar. Yardım › Klavye Kısayolları tüm tuşları listeler.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>HeadlinePanel</name>
    <message>
        <source>Open a baseline and at least one other run to see what changed.</source>
        <translation>Neyin değiştiğini görmek için bir referans ve en az bir başka çalıştırma açın.</translation>
    </message>
    <message>
        <source>These runs may not be comparable</source>
        <translation>Bu çalıştırmalar karşılaştırılabilir olmayabilir</translation>
    </message>
    <message>
        <source>nothing beyond noise</source>
        <translation>gürültünün ötesinde bir şey yok</translation>
    </message>
    <message>
        <source>%1 against %2</source>
        <translation>%1 ile %2 karşılaştırması</translation>
    </message>
    <message>
        <source>Better:</source>
        <translation>Daha iyi:</translation>
    </message>
    <message>
        <source>Worse:</source>
        <translation>Daha kötü:</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Bulgular</translation>
    </message>
    <message>
        <source>Critical</source>
        <translation>Kritik</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Uyarı</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Not</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>Göster: %1</translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation>Bulgu yok.</translation>
    </message>
    <message>
        <source>Workload:</source>
        <translation>İş yükü:</translation>
    </message>
    <message>
        <source>Noise across repeats:</source>
        <translation>Tekrarlar arasındaki gürültü:</translation>
    </message>
</context>
<context>
    <name>HeatMapView</name>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
</context>
<context>
    <name>HostFactsModel</name>
    <message>
        <source>Section</source>
        <translation>Bölüm</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>Bilgi</translation>
    </message>
</context>
<context>
    <name>HostFactsView</name>
    <message>
        <source>Only differences</source>
        <translation>Yalnızca farklar</translation>
    </message>
    <message>
        <source>Hide the facts that are the same in every run</source>
        <translation>Her çalıştırmada aynı olan bilgileri gizle</translation>
    </message>
</context>
<context>
    <name>KeyboardShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Klavye Kısayolları</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Komut</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Kısayol</translation>
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
        <translation>Karşılaştırmak için çalıştırma arşivlerini açın veya buraya bırakın.</translation>
    </message>
    <message>
        <source>&amp;Open Runs…</source>
        <translation>Çalıştırmaları &amp;Aç…</translation>
    </message>
    <message>
        <source>Open one or more run archives</source>
        <translation>Bir veya daha fazla çalıştırma arşivi aç</translation>
    </message>
    <message>
        <source>Close every open run and return to the welcome page</source>
        <translation>Açık tüm çalıştırmaları kapat ve karşılama sayfasına dön</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Çı&amp;kış</translation>
    </message>
    <message>
        <source>&amp;Welcome Page</source>
        <translation>&amp;Karşılama Sayfası</translation>
    </message>
    <message>
        <source>Show &amp;Status Bar</source>
        <translation>&amp;Durum Çubuğunu Göster</translation>
    </message>
    <message>
        <source>&amp;About Runlens</source>
        <translation>Runlens &amp;Hakkında</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>&amp;Qt Hakkında</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Dosya</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Son Açılanlar</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Görünüm</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Yardım</translation>
    </message>
    <message>
        <source>No recent run archives</source>
        <translation>Son açılan çalıştırma arşivi yok</translation>
    </message>
    <message>
        <source>Clear Recent</source>
        <translation>Son Açılanları Temizle</translation>
    </message>
    <message>
        <source>Open Run Archives</source>
        <translation>Çalıştırma Arşivlerini Aç</translation>
    </message>
    <message>
        <source>%1 does not exist. Check the path, or remove it from Open Recent.</source>
        <translation>%1 mevcut değil. Yolu kontrol edin veya Son Açılanlar listesinden kaldırın.</translation>
    </message>
    <message>
        <source>%1 is not a file. Choose a run archive (.tar.gz).</source>
        <translation>%1 bir dosya değil. Bir çalıştırma arşivi (.tar.gz) seçin.</translation>
    </message>
    <message>
        <source>%1 cannot be read: permission denied. Check the file&apos;s permissions.</source>
        <translation>%1 okunamıyor: izin reddedildi. Dosyanın izinlerini kontrol edin.</translation>
    </message>
    <message>
        <source>Some files could not be opened</source>
        <translation>Bazı dosyalar açılamadı</translation>
    </message>
    <message>
        <source>All runs closed.</source>
        <translation>Tüm çalıştırmalar kapatıldı.</translation>
    </message>
    <message>
        <source>About Runlens</source>
        <translation>Runlens Hakkında</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Runlens %1&lt;/h3&gt;&lt;p&gt;Record a host while a workload runs, then compare baseline and tuned runs: system metrics, CPU counters and flame graphs, side by side.&lt;/p&gt;&lt;p&gt;Recordings are made with &lt;code&gt;runlens-rec&lt;/code&gt; on the host under test.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Runlens %1&lt;/h3&gt;&lt;p&gt;Bir iş yükü çalışırken ana makineyi kaydedin, ardından referans ve ayarlanmış çalıştırmaları yan yana karşılaştırın: sistem metrikleri, CPU sayaçları ve alev grafikleri.&lt;/p&gt;&lt;p&gt;Kayıtlar, test edilen ana makinede &lt;code&gt;runlens-rec&lt;/code&gt; ile yapılır.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>This build has no demo runs bundled.</source>
        <translation>Bu derlemede demo çalıştırmaları bulunmuyor.</translation>
    </message>
    <message>
        <source>&amp;Save Session…</source>
        <translation>&amp;Oturumu Kaydet…</translation>
    </message>
    <message>
        <source>Save the open runs, charts, zoom and selection to a .runlens file</source>
        <translation>Açık çalıştırmaları, grafikleri, yakınlaştırmayı ve seçimi bir .runlens dosyasına kaydet</translation>
    </message>
    <message>
        <source>Open runs first: a session remembers the open runs and charts.</source>
        <translation>Önce çalıştırmaları açın: oturum, açık çalıştırmaları ve grafikleri hatırlar.</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>Oturumu Kaydet</translation>
    </message>
    <message>
        <source>Runlens sessions (*.runlens)</source>
        <translation>Runlens oturumları (*.runlens)</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>&amp;Yakınlaştırmayı Sıfırla</translation>
    </message>
    <message>
        <source>Show the whole time range again (also: double-click or Esc in a chart)</source>
        <translation>Tüm zaman aralığını yeniden göster (ayrıca: grafikte çift tıklama veya Esc)</translation>
    </message>
    <message>
        <source>C&amp;lear Selection</source>
        <translation>&amp;Seçimi Temizle</translation>
    </message>
    <message>
        <source>Forget the selected time range (Shift+drag in a chart selects one)</source>
        <translation>Seçili zaman aralığını unut (grafikte Shift+sürükle ile aralık seçilir)</translation>
    </message>
    <message>
        <source>Place runs at their real start times instead of overlaying their starts</source>
        <translation>Çalıştırmaları, başlangıçlarını üst üste bindirmek yerine gerçek başlangıç zamanlarına yerleştir</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>İptal</translation>
    </message>
    <message>
        <source>Stop opening the run archives that are still loading</source>
        <translation>Hâlâ yüklenmekte olan çalıştırma arşivlerinin açılmasını durdur</translation>
    </message>
    <message>
        <source>Opening %1 was cancelled.</source>
        <translation>%1 dosyasının açılması iptal edildi.</translation>
    </message>
    <message>
        <source>%1 is already open.</source>
        <translation>%1 zaten açık.</translation>
    </message>
    <message numerus="yes">
        <source>Opening %n run archive(s)…</source>
        <translation>
            <numerusform>%n çalıştırma arşivi açılıyor…</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened %1 (%2).</source>
        <translation>%1 açıldı (%2).</translation>
    </message>
    <message>
        <source>Session saved to %1.</source>
        <translation>Oturum %1 dosyasına kaydedildi.</translation>
    </message>
    <message>
        <source>&amp;Connect to Host…</source>
        <translation>Ana Makineye &amp;Bağlan…</translation>
    </message>
    <message>
        <source>Record on a host over SSH and open the run</source>
        <translation>SSH üzerinden bir ana makinede kayıt yap ve çalıştırmayı aç</translation>
    </message>
    <message>
        <source>Run archives and sessions (*.tar.gz *.tgz *.runlens);;Profiles: folded stacks, perf script (*.folded *.collapsed *.txt *.perf *.gz);;All files (*)</source>
        <translation>Çalıştırma arşivleri ve oturumlar (*.tar.gz *.tgz *.runlens);;Profiller: katlanmış yığınlar, perf script (*.folded *.collapsed *.txt *.perf *.gz);;Tüm dosyalar (*)</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Özet</translation>
    </message>
    <message>
        <source>S&amp;ummary</source>
        <translation>&amp;Özet</translation>
    </message>
    <message>
        <source>What changed against the baseline, whether it is beyond noise, findings and host differences</source>
        <translation>Referansa göre neyin değiştiği, bunun gürültünün ötesinde olup olmadığı, bulgular ve ana makine farkları</translation>
    </message>
    <message>
        <source>Flame Graph</source>
        <translation>Alev Grafiği</translation>
    </message>
    <message>
        <source>&amp;Flame Graph</source>
        <translation>&amp;Alev Grafiği</translation>
    </message>
    <message>
        <source>Where the CPU time went in the current run, or what changed from the baseline</source>
        <translation>Geçerli çalıştırmada CPU zamanının nereye gittiği veya referansa göre neyin değiştiği</translation>
    </message>
    <message>
        <source>There is nothing to copy: add a chart first.</source>
        <translation>Kopyalanacak bir şey yok: önce bir grafik ekleyin.</translation>
    </message>
    <message>
        <source>Copied as a %1 × %2 image.</source>
        <translation>%1 × %2 boyutunda görüntü olarak kopyalandı.</translation>
    </message>
    <message>
        <source>Open runs first: there is nothing to export yet.</source>
        <translation>Önce çalıştırmaları açın: henüz dışa aktarılacak bir şey yok.</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Dışa Aktar…</translation>
    </message>
    <message>
        <source>Export charts, the flame graph, a heat map or the summary as PNG, SVG or PDF for slides</source>
        <translation>Grafikleri, alev grafiğini, bir ısı haritasını veya özeti slaytlar için PNG, SVG ya da PDF olarak dışa aktar</translation>
    </message>
    <message>
        <source>Copy Charts as &amp;Image</source>
        <translation>Grafikleri &amp;Görüntü Olarak Kopyala</translation>
    </message>
    <message>
        <source>Put every chart on the clipboard as a 1920×1080 presentation image</source>
        <translation>Tüm grafikleri 1920×1080 sunum görüntüsü olarak panoya koy</translation>
    </message>
    <message>
        <source>Runs and C&amp;harts</source>
        <translation>Ça&amp;lıştırmalar ve Grafikler</translation>
    </message>
    <message>
        <source>Back to the open runs, their metrics and charts</source>
        <translation>Açık çalıştırmalara, metriklerine ve grafiklerine geri dön</translation>
    </message>
    <message>
        <source>C&amp;lose All</source>
        <translation>Tümünü &amp;Kapat</translation>
    </message>
    <message>
        <source>Full Scree&amp;n</source>
        <translation>Tam &amp;Ekran</translation>
    </message>
    <message>
        <source>Align Runs by Wall Cl&amp;ock</source>
        <translation>Çalıştırmaları &amp;Gerçek Saate Göre Hizala</translation>
    </message>
    <message>
        <source>F&amp;ind…</source>
        <translation>&amp;Bul…</translation>
    </message>
    <message>
        <source>Search the panel you are in: flame graph functions, summary metrics, or the metric browser</source>
        <translation>Çalıştığınız panelde arayın: alev grafiğindeki fonksiyonlar, özetteki metrikler ya da metrik tarayıcısı</translation>
    </message>
    <message>
        <source>&amp;Getting Started</source>
        <translation>&amp;Başlarken</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>Klavye &amp;Kısayolları</translation>
    </message>
    <message>
        <source>Align Runs by Steady Stat&amp;e</source>
        <translation>Çalıştırmaları Kararlı Duruma Göre Hizala (&amp;E)</translation>
    </message>
    <message numerus="yes">
        <source>Aligned %n run(s) at the start of their steady state</source>
        <translation>
            <numerusform>%n çalıştırma kararlı durumlarının başlangıcında hizalandı</numerusform>
        </translation>
    </message>
    <message>
        <source>No run has a steady state to align by</source>
        <translation>Hizalanacak kararlı durumu olan çalıştırma yok</translation>
    </message>
    <message numerus="yes">
        <source>Copied the series of %1 of %n run(s) as CSV</source>
        <translation>
            <numerusform>%n çalıştırmanın %1 serisi CSV olarak kopyalandı</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Trim</source>
        <translation>Kı&amp;rp</translation>
    </message>
</context>
<context>
    <name>MetricBrowser</name>
    <message>
        <source>Search metrics (name, id or description)…</source>
        <translation>Metriklerde ara (ad, kimlik veya açıklama)…</translation>
    </message>
    <message>
        <source>No hardware counters in these runs: the recorder could not read the CPU&apos;s performance counters (a virtual machine that exposes no PMU, or perf_event_paranoid above 0 without root). Record as root on an instance that exposes them (bare metal or a whole-host size) to get IPC, MPKI and stalls.</source>
        <translation>Bu çalıştırmalarda donanım sayacı yok: kaydedici CPU&apos;nun performans sayaçlarını okuyamadı (PMU sunmayan bir sanal makine veya root olmadan perf_event_paranoid 0&apos;ın üzerinde). IPC, MPKI ve duraklamaları almak için sayaçları sunan bir örnekte (bare metal veya tüm ana makine boyutu) root olarak kaydedin.</translation>
    </message>
    <message>
        <source>No metric matches &quot;%1&quot;.</source>
        <translation>&quot;%1&quot; ile eşleşen ölçüt yok.</translation>
    </message>
    <message>
        <source>&amp;Add Chart</source>
        <translation>Grafik &amp;Ekle</translation>
    </message>
    <message>
        <source>&amp;Copy Series as CSV</source>
        <translation>Seriyi CSV Olarak &amp;Kopyala</translation>
    </message>
</context>
<context>
    <name>MetricTreeModel</name>
    <message>
        <source>%1 (%2 of %3 runs)</source>
        <translation>%1 (%2/%3 çalıştırma)</translation>
    </message>
    <message>
        <source>%1
%2 [%3]</source>
        <translation>%1
%2 [%3]</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Kimlik</translation>
    </message>
    <message>
        <source>%1 (result)</source>
        <translation>%1 (sonuç)</translation>
    </message>
    <message>
        <source>A result of the whole run: its last value counts, whatever the time window.</source>
        <translation>Tüm çalıştırmanın sonucu: zaman penceresi ne olursa olsun son değeri geçerlidir.</translation>
    </message>
    <message>
        <source>Only %1 of the %2 open runs recorded this metric.</source>
        <translation>Açık %2 çalıştırmadan yalnızca %1 tanesi bu metriği kaydetti.</translation>
    </message>
</context>
<context>
    <name>PricePerformance</name>
    <message>
        <source>no throughput</source>
        <translation>işlem hacmi yok</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>fiyat yok</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>referans</translation>
    </message>
    <message>
        <source>baseline has no throughput</source>
        <translation>referansın işlem hacmi yok</translation>
    </message>
    <message>
        <source>baseline has no price</source>
        <translation>referansın fiyatı yok</translation>
    </message>
    <message>
        <source>no cost to compare</source>
        <translation>karşılaştırılacak maliyet yok</translation>
    </message>
    <message>
        <source>given</source>
        <translation>elle girildi</translation>
    </message>
    <message>
        <source>EC2 price table of %1 (%2, %3)</source>
        <translation>%1 tarihli EC2 fiyat tablosu (%2, %3)</translation>
    </message>
    <message>
        <source>none: no instance type in the run</source>
        <translation>yok: çalıştırmada örnek türü yok</translation>
    </message>
    <message>
        <source>none: %1 is not in the EC2 price table of %2</source>
        <translation>yok: %1, %2 tarihli EC2 fiyat tablosunda değil</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1 (referans)</translation>
    </message>
    <message>
        <source>Hourly price in %1, source: %2</source>
        <translation>Saatlik fiyat (%1), kaynak: %2</translation>
    </message>
    <message>
        <source>The run&apos;s throughput (for example 150000), in the unit of the next column</source>
        <translation>Çalıştırmanın işlem hacmi (örneğin 150000), sonraki sütundaki birimle</translation>
    </message>
    <message>
        <source>price × 100,000 / throughput: what 100,000 %1 cost per hour; lower is better</source>
        <translation>fiyat × 100.000 / işlem hacmi: 100.000 %1 için saatlik maliyet; düşük olan daha iyidir</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Çalıştırma</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>İşlem hacmi</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Birim</translation>
    </message>
    <message>
        <source>Price (%1/h)</source>
        <translation>Fiyat (%1/sa)</translation>
    </message>
    <message>
        <source>Cost per 100,000 units/s (%1/h)</source>
        <translation>100.000 birim/s başına maliyet (%1/sa)</translation>
    </message>
    <message>
        <source>Against baseline</source>
        <translation>Referansa göre</translation>
    </message>
    <message>
        <source>recorded: %1</source>
        <translation>kaydedildi: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>yok</translation>
    </message>
    <message>
        <source>Recorded by the run: %1 (%2), its value in the summary. Type a throughput to use another; empty the cell to come back to this one.</source>
        <translation>Çalıştırmanın kaydettiği: %1 (%2), özetteki değeri. Başka bir değer kullanmak için bir işlem hacmi yazın; buna geri dönmek için hücreyi boşaltın.</translation>
    </message>
    <message>
        <source>Typed, in place of the %1 %2 the run recorded (%3); empty the cell to use that.</source>
        <translation>Elle girildi; çalıştırmanın kaydettiği %1 %2 (%3) yerine kullanılıyor; onu kullanmak için hücreyi boşaltın.</translation>
    </message>
</context>
<context>
    <name>PricePerformancePanel</name>
    <message>
        <source>Enter each run&apos;s throughput (for example 150000, or 1200 req/s) and its hourly price; cost per 100,000 units/s = price × 100,000 / throughput, lower is better.</source>
        <translation>Her çalıştırmanın işlem hacmini (örneğin 150000 veya 1200 req/s) ve saatlik fiyatını girin; 100.000 birim/s başına maliyet = fiyat × 100.000 / işlem hacmi, düşük olan daha iyidir.</translation>
    </message>
    <message>
        <source>Prices are prefilled from EC2 on-demand prices (%1) of %2 by instance type: check them.</source>
        <translation>Fiyatlar, örnek türüne göre %2 tarihli EC2 isteğe bağlı fiyatlarından (%1) önceden dolduruldu: kontrol edin.</translation>
    </message>
    <message>
        <source>Throughputs in italics are what the runs recorded (%1, their value in the summary); a typed one wins, and emptying it brings the recorded one back.</source>
        <translation>İtalik işlem hacimleri çalıştırmaların kaydettikleridir (%1, özetteki değerleri); elle girilen değer önceliklidir, silindiğinde kaydedilen değer geri gelir.</translation>
    </message>
</context>
<context>
    <name>PriceTable</name>
    <message>
        <source>The price table is not valid: expected an object with &quot;prices&quot;.</source>
        <translation>Fiyat tablosu geçerli değil: &quot;prices&quot; içeren bir nesne bekleniyordu.</translation>
    </message>
</context>
<context>
    <name>ProfileFilterOptions</name>
    <message>
        <source>Only the stack samples taken on these CPUs, e.g. 0-3,8.</source>
        <translation>Yalnızca bu CPU&apos;larda alınan yığın örnekleri, ör. 0-3,8.</translation>
    </message>
    <message>
        <source>list</source>
        <translation>liste</translation>
    </message>
    <message>
        <source>Only the stack samples of these processes (PIDs, e.g. 4711,4800-4810).</source>
        <translation>Yalnızca bu süreçlerin yığın örnekleri (PID&apos;ler, ör. 4711,4800-4810).</translation>
    </message>
    <message>
        <source>Only the stack samples of these threads (TIDs); with --processes, a sample of either passes.</source>
        <translation>Yalnızca bu iş parçacıklarının yığın örnekleri (TID&apos;ler); --processes ile birlikte ikisinden birine uyan örnek geçer.</translation>
    </message>
    <message>
        <source>--%1 %2 is not a list of ids such as 0-3,8</source>
        <translation>--%1 %2, 0-3,8 gibi bir kimlik listesi değil</translation>
    </message>
</context>
<context>
    <name>ProfileFilterView</name>
    <message>
        <source>All CPUs, or a list such as 0-3,8</source>
        <translation>Tüm CPU&apos;lar veya 0-3,8 gibi bir liste</translation>
    </message>
    <message>
        <source>Only the samples taken on these CPUs (in the baseline too). Press Enter to apply.</source>
        <translation>Yalnızca bu CPU&apos;larda alınan örnekler (referansta da). Uygulamak için Enter&apos;a basın.</translation>
    </message>
    <message>
        <source>Find a process or thread by name or id</source>
        <translation>Bir süreci veya iş parçacığını adıyla ya da kimliğiyle bul</translation>
    </message>
    <message>
        <source>Show &amp;All</source>
        <translation>&amp;Tümünü Göster</translation>
    </message>
    <message>
        <source>Check every process and thread and clear the CPU list</source>
        <translation>Her süreci ve iş parçacığını işaretle ve CPU listesini temizle</translation>
    </message>
    <message>
        <source>Process / thread</source>
        <translation>Süreç / iş parçacığı</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Örnekler</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Pay</translation>
    </message>
    <message>
        <source>Uncheck what the flame graph should leave out. The baseline keeps the processes and threads of the same names.</source>
        <translation>Alev grafiğinin dışarıda bırakması gerekenlerin işaretini kaldırın. Referans, aynı adlı süreçleri ve iş parçacıklarını tutar.</translation>
    </message>
    <message>
        <source>&amp;CPUs:</source>
        <translation>&amp;CPU&apos;lar:</translation>
    </message>
    <message>
        <source>%1 (PID %2)</source>
        <translation>%1 (PID %2)</translation>
    </message>
    <message>
        <source>%1 (TID %2)</source>
        <translation>%1 (TID %2)</translation>
    </message>
    <message>
        <source>CPUs %1</source>
        <translation>CPU&apos;lar %1</translation>
    </message>
    <message>
        <source>%1 of %2 processes (%3 in part)</source>
        <translation>%1 / %2 süreç (%3 kısmen)</translation>
    </message>
    <message>
        <source>%1 of %2 processes</source>
        <translation>%1 / %2 süreç</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a CPU list: use numbers and ranges, such as 0-3,8.</source>
        <translation>&quot;%1&quot; bir CPU listesi değil: 0-3,8 gibi sayılar ve aralıklar kullanın.</translation>
    </message>
</context>
<context>
    <name>RecorderInstaller</name>
    <message>
        <source>The recorder %1 cannot be read. Build runlens-rec, or set RUNLENS_REC to its path.</source>
        <translation>Kaydedici okunamıyor: %1. runlens-rec&apos;i derleyin veya RUNLENS_REC değişkenini onun yoluna ayarlayın.</translation>
    </message>
    <message>
        <source>Creating %1</source>
        <translation>%1 oluşturma</translation>
    </message>
    <message>
        <source>Checking the uploaded recorder</source>
        <translation>Yüklenen kaydediciyi denetleme</translation>
    </message>
    <message>
        <source>The recorder uploaded to %1 does not match the local copy (SHA-256 %2, expected %3); it was removed. Try again.</source>
        <translation>%1 üzerine yüklenen kaydedici yerel kopyayla eşleşmiyor (SHA-256 %2, beklenen %3); kaldırıldı. Yeniden deneyin.</translation>
    </message>
    <message>
        <source>Installing the recorder</source>
        <translation>Kaydediciyi kurma</translation>
    </message>
    <message>
        <source>Starting the recorder</source>
        <translation>Kaydediciyi başlatma</translation>
    </message>
    <message>
        <source>%1 is an %2 host, and this installation has no recorder for it (it has: %3). Install a Runlens built with both recorders, or set RUNLENS_REC to a runlens-rec built for %2.</source>
        <translation>%1 bir %2 ana makinesi ve bu kurulumda onun için bir kaydedici yok (olanlar: %3). Her iki kaydediciyle derlenmiş bir Runlens kurun ya da RUNLENS_REC değişkenini %2 için derlenmiş bir runlens-rec dosyasına ayarlayın.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>hiçbiri</translation>
    </message>
</context>
<context>
    <name>RemoteCommand</name>
    <message>
        <source>Remote user (default: from ~/.ssh/config, else yours).</source>
        <translation>Uzak kullanıcı (varsayılan: ~/.ssh/config dosyasından, yoksa sizinki).</translation>
    </message>
    <message>
        <source>USER</source>
        <translation>KULLANICI</translation>
    </message>
    <message>
        <source>SSH port (default: from ~/.ssh/config, else 22).</source>
        <translation>SSH bağlantı noktası (varsayılan: ~/.ssh/config dosyasından, yoksa 22).</translation>
    </message>
    <message>
        <source>PORT</source>
        <translation>PORT</translation>
    </message>
    <message>
        <source>Private key file, e.g. an EC2 .pem.</source>
        <translation>Özel anahtar dosyası, ör. bir EC2 .pem dosyası.</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>DOSYA</translation>
    </message>
    <message>
        <source>Trust and record an unknown host key (never a changed one).</source>
        <translation>Bilinmeyen bir ana makine anahtarına güven ve onu kaydet (değişmiş bir anahtarı asla).</translation>
    </message>
    <message>
        <source>known_hosts file (default: ~/.ssh/known_hosts).</source>
        <translation>known_hosts dosyası (varsayılan: ~/.ssh/known_hosts).</translation>
    </message>
    <message>
        <source>SSH client config (default: ~/.ssh/config).</source>
        <translation>SSH istemci yapılandırması (varsayılan: ~/.ssh/config).</translation>
    </message>
    <message>
        <source>Directory on the host for the recorder and runs (default: ~/.cache/runlens).</source>
        <translation>Ana makinede kaydedici ve çalıştırmalar için dizin (varsayılan: ~/.cache/runlens).</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>DİZİN</translation>
    </message>
    <message>
        <source>Seconds each network step may take (default: 20).</source>
        <translation>Her ağ adımının sürebileceği saniye (varsayılan: 20).</translation>
    </message>
    <message>
        <source>SECONDS</source>
        <translation>SANİYE</translation>
    </message>
    <message>
        <source>runlens: accepting the new %1 host key of %2: %3</source>
        <translation>runlens: %2 için yeni %1 ana makine anahtarı kabul ediliyor: %3</translation>
    </message>
    <message>
        <source>runlens: the host key of %1 is unknown: %2 %3</source>
        <translation>runlens: %1 için ana makine anahtarı bilinmiyor: %2 %3</translation>
    </message>
    <message>
        <source>runlens: %1 %2% (%3 of %4 bytes)</source>
        <translation>runlens: %1 %%2 (%3/%4 bayt)</translation>
    </message>
    <message>
        <source>Install the recorder on HOST over SSH, record there, and optionally fetch the run.</source>
        <translation>Kaydediciyi SSH üzerinden HOST üzerine kur, orada kayıt yap ve isteğe bağlı olarak çalıştırmayı indir.</translation>
    </message>
    <message>
        <source>Host name, address or ~/.ssh/config alias.</source>
        <translation>Ana makine adı, adres veya ~/.ssh/config takma adı.</translation>
    </message>
    <message>
        <source>Run name (default: HOST-YYYYMMDD-HHMMSS).</source>
        <translation>Çalıştırma adı (varsayılan: HOST-YYYYMMDD-HHMMSS).</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>AD</translation>
    </message>
    <message>
        <source>How long to record, e.g. 60s, 4m (default: 60s).</source>
        <translation>Kayıt süresi, ör. 60s, 4m (varsayılan: 60s).</translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation>SÜRE</translation>
    </message>
    <message>
        <source>Time between samples (default: 1s).</source>
        <translation>Örnekler arasındaki süre (varsayılan: 1s).</translation>
    </message>
    <message>
        <source>INTERVAL</source>
        <translation>ARALIK</translation>
    </message>
    <message>
        <source>Sample CPU stacks for flame graphs (needs perf_event_open permission on the host).</source>
        <translation>Alev grafikleri için CPU yığınlarını örnekle (ana makinede perf_event_open izni gerekir).</translation>
    </message>
    <message>
        <source>Do not read CPU counters.</source>
        <translation>CPU sayaçlarını okuma.</translation>
    </message>
    <message>
        <source>Run the recorder with passwordless sudo.</source>
        <translation>Kaydediciyi parolasız sudo ile çalıştır.</translation>
    </message>
    <message>
        <source>Wait for the run and download it into DIR.</source>
        <translation>Çalıştırmayı bekle ve DIR içine indir.</translation>
    </message>
    <message>
        <source>The runlens-rec to upload (default: next to runlens, or $RUNLENS_REC).</source>
        <translation>Yüklenecek runlens-rec (varsayılan: runlens&apos;in yanındaki veya $RUNLENS_REC).</translation>
    </message>
    <message>
        <source>An extra argument for &apos;runlens-rec record&apos; (repeatable).</source>
        <translation>&apos;runlens-rec record&apos; için ek bir argüman (tekrarlanabilir).</translation>
    </message>
    <message>
        <source>ARG</source>
        <translation>ARGÜMAN</translation>
    </message>
    <message>
        <source>runlens remote record: expected one HOST. See --help.</source>
        <translation>runlens remote record: bir HOST bekleniyordu. Bkz. --help.</translation>
    </message>
    <message>
        <source>runlens remote record: no runlens-rec found next to runlens; pass --recorder FILE or set RUNLENS_REC.</source>
        <translation>runlens remote record: runlens&apos;in yanında runlens-rec bulunamadı; --recorder FILE verin veya RUNLENS_REC değişkenini ayarlayın.</translation>
    </message>
    <message>
        <source>runlens remote record: %1.</source>
        <translation>runlens remote record: %1.</translation>
    </message>
    <message>
        <source>runlens: connecting to %1</source>
        <translation>runlens: %1 ile bağlantı kuruluyor</translation>
    </message>
    <message>
        <source>runlens: %1 is %2 %3. %4</source>
        <translation>runlens: %1 üzerinde %2 %3 çalışıyor. %4</translation>
    </message>
    <message>
        <source>uploading the recorder</source>
        <translation>kaydedici yükleniyor</translation>
    </message>
    <message>
        <source>runlens: installed %1 as %2</source>
        <translation>runlens: %1, %2 olarak kuruldu</translation>
    </message>
    <message>
        <source>runlens: %1 is already installed</source>
        <translation>runlens: %1 zaten kurulu</translation>
    </message>
    <message>
        <source>runlens: recording %1 on %2</source>
        <translation>runlens: %2 üzerinde %1 kaydediliyor</translation>
    </message>
    <message>
        <source>runlens: %1 %2 s, %3 samples</source>
        <translation>runlens: %1 %2 s, %3 örnek</translation>
    </message>
    <message>
        <source>runlens remote record: the recording on %1 ended as &quot;%2&quot;.</source>
        <translation>runlens remote record: %1 üzerindeki kayıt &quot;%2&quot; durumuyla sona erdi.</translation>
    </message>
    <message>
        <source>downloading</source>
        <translation>indiriliyor</translation>
    </message>
    <message>
        <source>runlens remote record: %1</source>
        <translation>runlens remote record: %1</translation>
    </message>
    <message>
        <source>List the run archives on HOST.</source>
        <translation>HOST üzerindeki çalıştırma arşivlerini listele.</translation>
    </message>
    <message>
        <source>Download the run RUN from HOST and verify it.</source>
        <translation>RUN çalıştırmasını HOST üzerinden indir ve doğrula.</translation>
    </message>
    <message>
        <source>The run&apos;s name.</source>
        <translation>Çalıştırmanın adı.</translation>
    </message>
    <message>
        <source>Local directory for the archive.</source>
        <translation>Arşiv için yerel dizin.</translation>
    </message>
    <message>
        <source>Delete the host&apos;s copy after a verified download.</source>
        <translation>Doğrulanmış bir indirmeden sonra ana makinedeki kopyayı sil.</translation>
    </message>
    <message>
        <source>runlens remote list: expected HOST. See --help.</source>
        <translation>runlens remote list: HOST bekleniyordu. Bkz. --help.</translation>
    </message>
    <message>
        <source>runlens remote fetch: expected HOST RUN --to DIR. See --help.</source>
        <translation>runlens remote fetch: HOST RUN --to DIR bekleniyordu. Bkz. --help.</translation>
    </message>
    <message>
        <source>runlens remote: %1</source>
        <translation>runlens remote: %1</translation>
    </message>
    <message>
        <source>Usage: runlens remote record|fetch|list HOST ... (see runlens remote ACTION --help)</source>
        <translation>Kullanım: runlens remote record|fetch|list HOST ... (bkz. runlens remote ACTION --help)</translation>
    </message>
    <message>
        <source>runlens remote record: %1 is not a runlens-rec for x86_64 or arm64 Linux.</source>
        <translation>runlens remote record: %1, x86_64 ya da arm64 Linux için bir runlens-rec değil.</translation>
    </message>
</context>
<context>
    <name>RemoteHostInfo</name>
    <message>
        <source>Detecting the operating system</source>
        <translation>İşletim sistemini algılama</translation>
    </message>
    <message>
        <source>%1 answered the system probe with unexpected output.</source>
        <translation>%1, sistem yoklamasına beklenmeyen bir çıktıyla yanıt verdi.</translation>
    </message>
    <message>
        <source>%1 runs %2; the recorder runs on Linux only.</source>
        <translation>%1 üzerinde %2 çalışıyor; kaydedici yalnızca Linux&apos;ta çalışır.</translation>
    </message>
    <message>
        <source>perf_event_paranoid is %1: CPU counters and profiles work without sudo.</source>
        <translation>perf_event_paranoid değeri %1: CPU sayaçları ve profiller sudo olmadan çalışır.</translation>
    </message>
    <message>
        <source>perf_event_paranoid is %1, and passwordless sudo is available: record with sudo for system-wide CPU counters and profiles.</source>
        <translation>perf_event_paranoid değeri %1 ve parolasız sudo kullanılabilir: sistem genelinde CPU sayaçları ve profiller için sudo ile kayıt yapın.</translation>
    </message>
    <message>
        <source>perf_event_paranoid is %1 and there is no passwordless sudo: CPU counters and profiles cover only this user&apos;s processes. An administrator can run &apos;sysctl kernel.perf_event_paranoid=0&apos;.</source>
        <translation>perf_event_paranoid değeri %1 ve parolasız sudo yok: CPU sayaçları ve profiller yalnızca bu kullanıcının işlemlerini kapsar. Bir yönetici &apos;sysctl kernel.perf_event_paranoid=0&apos; komutunu çalıştırabilir.</translation>
    </message>
    <message>
        <source>perf_event_paranoid is %1 and there is no passwordless sudo: no CPU counters or profiles, only system metrics. An administrator can run &apos;sysctl kernel.perf_event_paranoid=0&apos;.</source>
        <translation>perf_event_paranoid değeri %1 ve parolasız sudo yok: CPU sayaçları veya profiller yok, yalnızca sistem metrikleri. Bir yönetici &apos;sysctl kernel.perf_event_paranoid=0&apos; komutunu çalıştırabilir.</translation>
    </message>
    <message>
        <source>Logged in as root: CPU counters and profiles cover every process, whatever perf_event_paranoid says.</source>
        <translation>root olarak oturum açıldı: CPU sayaçları ve profiller, perf_event_paranoid ne derse desin her süreci kapsar.</translation>
    </message>
</context>
<context>
    <name>RemoteRecording</name>
    <message>
        <source>the run name is empty</source>
        <translation>çalıştırma adı boş</translation>
    </message>
    <message>
        <source>the run name is longer than 120 characters</source>
        <translation>çalıştırma adı 120 karakterden uzun</translation>
    </message>
    <message>
        <source>the run name cannot start with &apos;.&apos; or &apos;-&apos;</source>
        <translation>çalıştırma adı &apos;.&apos; veya &apos;-&apos; ile başlayamaz</translation>
    </message>
    <message>
        <source>the run name cannot contain &apos;/&apos; or &apos;\&apos;</source>
        <translation>çalıştırma adı &apos;/&apos; veya &apos;\&apos; içeremez</translation>
    </message>
    <message>
        <source>the run name cannot contain control characters</source>
        <translation>çalıştırma adı denetim karakterleri içeremez</translation>
    </message>
    <message>
        <source>Cannot record &quot;%1&quot;: %2.</source>
        <translation>&quot;%1&quot; kaydedilemiyor: %2.</translation>
    </message>
    <message>
        <source>Starting the recording</source>
        <translation>Kaydı başlatma</translation>
    </message>
    <message>
        <source>The recorder on %1 did not start: %2</source>
        <translation>%1 üzerindeki kaydedici başlamadı: %2</translation>
    </message>
    <message>
        <source>The recorder on %1 did not start within 10 seconds.</source>
        <translation>%1 üzerindeki kaydedici 10 saniye içinde başlamadı.</translation>
    </message>
    <message>
        <source>Reading the recording&apos;s status</source>
        <translation>Kaydın durumunu okuma</translation>
    </message>
    <message>
        <source>Stopping the recording</source>
        <translation>Kaydı durdurma</translation>
    </message>
    <message>
        <source>Cannot fetch &quot;%1&quot;: %2.</source>
        <translation>&quot;%1&quot; indirilemiyor: %2.</translation>
    </message>
    <message>
        <source>The run %1 is not on %2 (%3).</source>
        <translation>%1 çalıştırması %2 üzerinde değil (%3).</translation>
    </message>
    <message>
        <source>Could not create %1.</source>
        <translation>%1 oluşturulamadı.</translation>
    </message>
    <message>
        <source>The download of %1 from %2 does not match the host&apos;s copy (SHA-256 %3, expected %4). The partial file was removed; fetch again.</source>
        <translation>%2 üzerinden indirilen %1, ana makinedeki kopyayla eşleşmiyor (SHA-256 %3, beklenen %4). Yarım kalan dosya kaldırıldı; yeniden indirin.</translation>
    </message>
    <message>
        <source>Could not move the download into %1.</source>
        <translation>İndirilen dosya şuraya taşınamadı: %1.</translation>
    </message>
    <message>
        <source>Cannot delete &quot;%1&quot;: %2.</source>
        <translation>&quot;%1&quot; silinemiyor: %2.</translation>
    </message>
</context>
<context>
    <name>RemoteRecordingJob</name>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1 ile bağlantı kuruluyor…</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>%1 denetleniyor…</translation>
    </message>
    <message>
        <source>%1 %2. %3</source>
        <translation>%1 %2. %3</translation>
    </message>
    <message>
        <source>Installing the recorder on %1…</source>
        <translation>Kaydedici %1 üzerine kuruluyor…</translation>
    </message>
    <message>
        <source>Starting the recording %1…</source>
        <translation>%1 kaydı başlatılıyor…</translation>
    </message>
    <message>
        <source>Stopping the recording early; the recorder writes its archive…</source>
        <translation>Kayıt erken durduruluyor; kaydedici arşivini yazıyor…</translation>
    </message>
    <message>
        <source>Recording %1 on %2: %3 s, %4 samples</source>
        <translation>%2 üzerinde %1 kaydediliyor: %3 s, %4 örnek</translation>
    </message>
    <message>
        <source>Cancelled. The recording %1 goes on on %2; fetch it later from the remote runs.</source>
        <translation>İptal edildi. %1 kaydı %2 üzerinde sürüyor; daha sonra uzak çalıştırmalardan indirin.</translation>
    </message>
    <message>
        <source>The recording %1 on %2 ended as &quot;%3&quot;; its samples stay in the spool directory on the host.</source>
        <translation>%2 üzerindeki %1 kaydı &quot;%3&quot; durumuyla sona erdi; örnekleri ana makinedeki biriktirme dizininde kalıyor.</translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>%1 indiriliyor…</translation>
    </message>
    <message>
        <source>Fetched %1.</source>
        <translation>İndirildi: %1.</translation>
    </message>
</context>
<context>
    <name>RemoteRunsBrowser</name>
    <message>
        <source>Runs on %1</source>
        <translation>%1 üzerindeki çalıştırmalar</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Ad</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Boyut</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Tarih</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Yenile</translation>
    </message>
    <message>
        <source>&amp;Fetch and Open</source>
        <translation>&amp;İndir ve Aç</translation>
    </message>
    <message>
        <source>Download the selected runs (resuming an interrupted download, checked by SHA-256) and open them</source>
        <translation>Seçili çalıştırmaları indir (yarıda kalan indirmeyi sürdürür, SHA-256 ile doğrular) ve aç</translation>
    </message>
    <message>
        <source>&amp;Delete on Host…</source>
        <translation>Ana Makinede &amp;Sil…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Kapat</translation>
    </message>
    <message>
        <source>Refresh to list the runs on %1.</source>
        <translation>%1 üzerindeki çalıştırmaları listelemek için yenileyin.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>İptal</translation>
    </message>
    <message>
        <source>Delete on Host</source>
        <translation>Ana Makinede Sil</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n run(s) on %1? This removes the host&apos;s copy and cannot be undone:

%2</source>
        <translation>
            <numerusform>%1 üzerindeki %n çalıştırma silinsin mi? Bu, ana makinedeki kopyayı kaldırır ve geri alınamaz:

%2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 bayt</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>bilinmiyor</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>İptal ediliyor…</translation>
    </message>
</context>
<context>
    <name>RemoteRunsWorker</name>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1 ile bağlantı kuruluyor…</translation>
    </message>
    <message>
        <source>Listing the runs on %1…</source>
        <translation>%1 üzerindeki çalıştırmalar listeleniyor…</translation>
    </message>
    <message>
        <source>No runs on %1.</source>
        <translation>%1 üzerinde çalıştırma yok.</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) on %1.</source>
        <translation>
            <numerusform>%1 üzerinde %n çalıştırma.</numerusform>
        </translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>%1 indiriliyor…</translation>
    </message>
    <message numerus="yes">
        <source>Fetched %n run(s) into %1.</source>
        <translation>
            <numerusform>%n çalıştırma %1 içine indirildi.</numerusform>
        </translation>
    </message>
    <message>
        <source>Deleting %1 on %2…</source>
        <translation>%2 üzerindeki %1 siliniyor…</translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n run(s) on %1.</source>
        <translation>
            <numerusform>%1 üzerinde %n çalıştırma silindi.</numerusform>
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
        <translation>%1 süreç: PID %2</translation>
    </message>
    <message>
        <source>The first: %1</source>
        <translation>İlki: %1</translation>
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
%3 ana makinesinde %4 tarihinde kaydedildi</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>referans</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Çalıştırma</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referans</translation>
    </message>
    <message>
        <source>Shown</source>
        <translation>Görünür</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Kaydırma</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Ana Makine</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Süre</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>kaynak: %1</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>İçe aktarılmadı: %1</translation>
    </message>
    <message>
        <source>Tags: %1</source>
        <translation>Etiketler: %1</translation>
    </message>
    <message>
        <source>The part of the run the summary and exports use. Double-click to type FROM:TO in seconds; empty for the whole run.</source>
        <translation>Çalıştırmanın özet ve dışa aktarmalarda kullanılan kısmı. Saniye cinsinden FROM:TO yazmak için çift tıklayın; tüm çalıştırma için boş bırakın.</translation>
    </message>
    <message>
        <source>Steady state: %1</source>
        <translation>Kararlı durum: %1</translation>
    </message>
    <message>
        <source>Right-click › Trim to Steady State to use it.</source>
        <translation>Kullanmak için sağ tıklayın › Kararlı Duruma Kırp.</translation>
    </message>
    <message>
        <source>all</source>
        <translation>tümü</translation>
    </message>
    <message>
        <source>whole run</source>
        <translation>tüm çalıştırma</translation>
    </message>
    <message>
        <source>Trim</source>
        <translation>Kırpma</translation>
    </message>
    <message>
        <source>Steady State</source>
        <translation>Kararlı Durum</translation>
    </message>
    <message>
        <source>%1–%2 s</source>
        <translation>%1–%2 s</translation>
    </message>
</context>
<context>
    <name>RunListView</name>
    <message>
        <source>Make Baseline</source>
        <translation>Referans Yap</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Yeniden Adlandır…</translation>
    </message>
    <message>
        <source>Set Offset…</source>
        <translation>Kaydırmayı Ayarla…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Kaldır</translation>
    </message>
    <message>
        <source>Double-click a name, offset or trim to edit it; Delete removes the selected run.</source>
        <translation>Düzenlemek için bir ada, kaydırmaya veya kırpmaya çift tıklayın; Delete tuşu seçili çalıştırmayı kaldırır.</translation>
    </message>
    <message>
        <source>Trim to Steady State (%1)</source>
        <translation>Kararlı Duruma Kırp (%1)</translation>
    </message>
    <message>
        <source>Trim to Steady State (none found)</source>
        <translation>Kararlı Duruma Kırp (bulunamadı)</translation>
    </message>
    <message>
        <source>Set Trim…</source>
        <translation>Kırpmayı Ayarla…</translation>
    </message>
    <message>
        <source>Clear Trim</source>
        <translation>Kırpmayı Temizle</translation>
    </message>
    <message>
        <source>Align Runs by Steady State</source>
        <translation>Çalıştırmaları Kararlı Duruma Göre Hizala</translation>
    </message>
    <message>
        <source>Shift the runs so that their steady states start together: for runs that did not start at the same point of the workload</source>
        <translation>Çalıştırmaları kararlı durumları birlikte başlayacak şekilde kaydır: iş yükünün aynı noktasında başlamamış çalıştırmalar için</translation>
    </message>
    <message>
        <source>Trim &amp;All Runs…</source>
        <translation>Tüm Çalıştırmaları &amp;Kırp…</translation>
    </message>
    <message>
        <source>Set one FROM:TO window, in seconds after each run&apos;s start, for every run</source>
        <translation>Her çalıştırma için, başlangıcından sonraki saniye cinsinden tek bir BAŞ:SON penceresi ayarla</translation>
    </message>
    <message>
        <source>Trim All to &amp;Steady State</source>
        <translation>Tümünü Kararlı &amp;Duruma Kırp</translation>
    </message>
    <message>
        <source>Trim each run to the steady state found in it; runs without one keep their trim</source>
        <translation>Her çalıştırmayı içinde bulunan kararlı duruma kırp; kararlı durumu olmayanlar kırpmasını korur</translation>
    </message>
    <message numerus="yes">
        <source>Trimmed %n run(s) to their steady state; Esc in the run list undoes it</source>
        <translation>
            <numerusform>%n çalıştırma kararlı durumuna kırpıldı; çalıştırma listesinde Esc geri alır</numerusform>
        </translation>
    </message>
    <message>
        <source>No run has a steady state to trim to, or each is trimmed to it already</source>
        <translation>Hiçbir çalıştırmanın kırpılacak kararlı durumu yok ya da her biri zaten ona kırpılmış</translation>
    </message>
    <message>
        <source>&amp;Clear Trims</source>
        <translation>Kırpmaları &amp;Temizle</translation>
    </message>
    <message>
        <source>Every run counts whole again</source>
        <translation>Her çalıştırma yeniden bütün olarak sayılır</translation>
    </message>
    <message numerus="yes">
        <source>Cleared the trims of %n run(s)</source>
        <translation>
            <numerusform>%n çalıştırmanın kırpması temizlendi</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Undo Trims</source>
        <translation>Kırpmaları &amp;Geri Al</translation>
    </message>
    <message>
        <source>Put back the windows the runs had before the last change to all of them</source>
        <translation>Çalıştırmaların hepsine yapılan son değişiklikten önceki pencerelerini geri koy</translation>
    </message>
    <message numerus="yes">
        <source>Put back the trims of %n run(s)</source>
        <translation>
            <numerusform>%n çalıştırmanın kırpması geri kondu</numerusform>
        </translation>
    </message>
    <message>
        <source>Trim All Runs</source>
        <translation>Tüm Çalıştırmaları Kırp</translation>
    </message>
    <message>
        <source>Window for every run, FROM:TO in seconds after its start (e.g. 30:210):</source>
        <translation>Her çalıştırma için pencere, başlangıcından sonra saniye cinsinden BAŞ:SON (örn. 30:210):</translation>
    </message>
    <message numerus="yes">
        <source>Trimmed %n run(s) to %1; Esc in the run list undoes it</source>
        <translation>
            <numerusform>%n çalıştırma %1 aralığına kırpıldı; çalıştırma listesinde Esc geri alır</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunLoader</name>
    <message>
        <source>%1 is too large to open: not enough memory.</source>
        <translation>%1 açılamayacak kadar büyük: yeterli bellek yok.</translation>
    </message>
    <message>
        <source>%1 holds no run.</source>
        <translation>%1 hiçbir çalıştırma içermiyor.</translation>
    </message>
</context>
<context>
    <name>RunSet</name>
    <message>
        <source>%1 (result)</source>
        <translation>%1 (sonuç)</translation>
    </message>
</context>
<context>
    <name>Session</name>
    <message>
        <source>it is not a Runlens session file</source>
        <translation>bu bir Runlens oturum dosyası değil</translation>
    </message>
    <message>
        <source>it was saved by a newer Runlens; update Runlens to open it</source>
        <translation>daha yeni bir Runlens sürümüyle kaydedilmiş; açmak için Runlens uygulamasını güncelleyin</translation>
    </message>
    <message>
        <source>a run in it has no file</source>
        <translation>içindeki bir çalıştırmanın dosyası yok</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation>%1 okunamıyor: %2.</translation>
    </message>
    <message>
        <source>it is not valid JSON (%1)</source>
        <translation>geçerli bir JSON değil (%1)</translation>
    </message>
    <message>
        <source>%1 is not a usable session: %2.</source>
        <translation>%1 kullanılabilir bir oturum değil: %2.</translation>
    </message>
    <message>
        <source>The session could not be saved to %1: %2.</source>
        <translation>Oturum %1 konumuna kaydedilemedi: %2.</translation>
    </message>
    <message>
        <source>the file %1</source>
        <translation>dosya: %1</translation>
    </message>
</context>
<context>
    <name>SshSession</name>
    <message>
        <source>Cancelled.</source>
        <translation>İptal edildi.</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>böyle bir dosya yok</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>izin reddedildi</translation>
    </message>
    <message>
        <source>the server reported a failure</source>
        <translation>sunucu bir hata bildirdi</translation>
    </message>
    <message>
        <source>%1 on %2: %3</source>
        <translation>%2 üzerinde %1: %3</translation>
    </message>
    <message>
        <source>Could not read the SSH configuration for %1: %2</source>
        <translation>%1 için SSH yapılandırması okunamadı: %2</translation>
    </message>
    <message>
        <source>Could not create an SSH session.</source>
        <translation>SSH oturumu oluşturulamadı.</translation>
    </message>
    <message>
        <source>Could not connect to %1: %2</source>
        <translation>%1 ile bağlantı kurulamadı: %2</translation>
    </message>
    <message>
        <source>%1 sent no host key: %2</source>
        <translation>%1 ana makine anahtarı göndermedi: %2</translation>
    </message>
    <message>
        <source>Could not hash the host key of %1.</source>
        <translation>%1 için ana makine anahtarının özeti hesaplanamadı.</translation>
    </message>
    <message>
        <source>The host key of %1 has changed (it is now %2 %3). Someone may be intercepting the connection, or the host was reinstalled or its address reused (common with EC2 instances). The connection was refused. If you know why the key changed, remove the old entry from your known_hosts file (ssh-keygen -R %1) and connect again.</source>
        <translation>%1 için ana makine anahtarı değişti (şu anda %2 %3). Birisi bağlantının arasına giriyor olabilir ya da ana makine yeniden kurulmuş veya adresi yeniden kullanılmış olabilir (EC2 örneklerinde yaygındır). Bağlantı reddedildi. Anahtarın neden değiştiğini biliyorsanız known_hosts dosyanızdaki eski girdiyi kaldırın (ssh-keygen -R %1) ve yeniden bağlanın.</translation>
    </message>
    <message>
        <source>The host key of %1 is not known (%2 %3). Check the fingerprint with the host&apos;s administrator, or on EC2 in the instance&apos;s system log, and accept it to connect.</source>
        <translation>%1 için ana makine anahtarı bilinmiyor (%2 %3). Parmak izini ana makinenin yöneticisiyle veya EC2&apos;de örneğin sistem günlüğünden doğrulayın ve bağlanmak için kabul edin.</translation>
    </message>
    <message>
        <source>Could not add the host key of %1 to known_hosts: %2</source>
        <translation>%1 için ana makine anahtarı known_hosts dosyasına eklenemedi: %2</translation>
    </message>
    <message>
        <source>Could not check the host key of %1: %2</source>
        <translation>%1 için ana makine anahtarı denetlenemedi: %2</translation>
    </message>
    <message>
        <source>Passphrase for %1:</source>
        <translation>%1 için parola öbeği:</translation>
    </message>
    <message>
        <source>key %1: could not be read (missing, not a private key, or wrong passphrase)</source>
        <translation>%1 anahtarı: okunamadı (eksik, özel anahtar değil veya parola öbeği yanlış)</translation>
    </message>
    <message>
        <source>key %1: refused by the server (%2)</source>
        <translation>%1 anahtarı: sunucu tarafından reddedildi (%2)</translation>
    </message>
    <message>
        <source>ssh-agent: no key the server accepts (%1)</source>
        <translation>ssh-agent: sunucunun kabul ettiği bir anahtar yok (%1)</translation>
    </message>
    <message>
        <source>default keys: none accepted (%1)</source>
        <translation>varsayılan anahtarlar: hiçbiri kabul edilmedi (%1)</translation>
    </message>
    <message>
        <source>keyboard-interactive: refused (%1)</source>
        <translation>keyboard-interactive: reddedildi (%1)</translation>
    </message>
    <message>
        <source>Password for %1:</source>
        <translation>%1 için parola:</translation>
    </message>
    <message>
        <source>password: refused (%1)</source>
        <translation>parola: reddedildi (%1)</translation>
    </message>
    <message>
        <source>the server offers no method this connection can use</source>
        <translation>sunucu bu bağlantının kullanabileceği bir yöntem sunmuyor</translation>
    </message>
    <message>
        <source>Authentication to %1 failed. %2.</source>
        <translation>%1 ile kimlik doğrulama başarısız oldu. %2.</translation>
    </message>
    <message>
        <source>Not connected to %1.</source>
        <translation>%1 ile bağlantı yok.</translation>
    </message>
    <message>
        <source>Could not open a channel to %1: %2</source>
        <translation>%1 ile bir kanal açılamadı: %2</translation>
    </message>
    <message>
        <source>%1 refused to run a command: %2</source>
        <translation>%1 bir komutu çalıştırmayı reddetti: %2</translation>
    </message>
    <message>
        <source>Could not send input to %1: %2</source>
        <translation>%1 ana makinesine girdi gönderilemedi: %2</translation>
    </message>
    <message>
        <source>A command on %1 did not finish within %2 seconds.</source>
        <translation>%1 üzerindeki bir komut %2 saniye içinde bitmedi.</translation>
    </message>
    <message>
        <source>The connection to %1 broke: %2</source>
        <translation>%1 ile bağlantı koptu: %2</translation>
    </message>
    <message>
        <source>%1 failed on %2 (exit status %3): %4</source>
        <translation>%1 işlemi %2 üzerinde başarısız oldu (çıkış durumu %3): %4</translation>
    </message>
    <message>
        <source>%1 offers no SFTP: %2</source>
        <translation>%1 SFTP sunmuyor: %2</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>%1 okunamadı: %2</translation>
    </message>
    <message>
        <source>Could not create %1</source>
        <translation>Oluşturulamadı: %1</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>Yazılamadı: %1</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>Açılamadı: %1</translation>
    </message>
    <message>
        <source>Could not read the size of %1</source>
        <translation>Boyutu okunamadı: %1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 yazılamadı: %2</translation>
    </message>
    <message>
        <source>Could not resume %1</source>
        <translation>Devam ettirilemedi: %1</translation>
    </message>
    <message>
        <source>The download of %1 stopped at %2 of %3 bytes; fetch again to resume.</source>
        <translation>%1 indirmesi %2/%3 baytta durdu; devam etmek için yeniden indirin.</translation>
    </message>
    <message>
        <source>Could not list %1</source>
        <translation>Listelenemedi: %1</translation>
    </message>
    <message>
        <source>Could not delete %1</source>
        <translation>Silinemedi: %1</translation>
    </message>
    <message>
        <source>Could not resolve %1</source>
        <translation>Çözümlenemedi: %1</translation>
    </message>
</context>
<context>
    <name>SteadyState</name>
    <message>
        <source>%1 settles at %2 s and falls at %3 s</source>
        <translation>%1 %2 s&apos;de oturuyor ve %3 s&apos;de düşüyor</translation>
    </message>
    <message>
        <source>%1 settles at %2 s</source>
        <translation>%1 %2 s&apos;de oturuyor</translation>
    </message>
    <message>
        <source>%1 falls at %2 s</source>
        <translation>%1 %2 s&apos;de düşüyor</translation>
    </message>
    <message>
        <source>No CPU busy or workload series to find a steady state in.</source>
        <translation>Kararlı durum aranacak CPU meşguliyeti ya da iş yükü serisi yok.</translation>
    </message>
    <message>
        <source>The whole run is steady: no warm-up or cool-down in %1.</source>
        <translation>Tüm çalıştırma kararlı: %1 içinde ısınma ya da soğuma yok.</translation>
    </message>
    <message>
        <source> and </source>
        <translation> ve </translation>
    </message>
    <message>
        <source>No steady state: %1 changes throughout the run.</source>
        <translation>Kararlı durum yok: %1 çalıştırma boyunca değişiyor.</translation>
    </message>
    <message>
        <source>The run is too short to find a steady state in.</source>
        <translation>Çalıştırma, kararlı durum bulmak için çok kısa.</translation>
    </message>
    <message>
        <source>No steady state: %1, which leaves no window between them.</source>
        <translation>Kararlı durum yok: %1; aralarında pencere kalmıyor.</translation>
    </message>
    <message>
        <source>; </source>
        <translation>; </translation>
    </message>
</context>
<context>
    <name>SummaryCommand</name>
    <message>
        <source>Compares runs with a baseline: for every metric the mean, spread and percentiles over the window, the change against the baseline and whether it is beyond noise (a block bootstrap of the difference of means), the findings of the rules, and the host facts that differ.</source>
        <translation>Çalıştırmaları bir referansla karşılaştırır: her metrik için pencere üzerindeki ortalama, yayılım ve yüzdelikler, referansa göre değişim ve bunun gürültünün ötesinde olup olmadığı (ortalamalar arasındaki farka blok bootstrap uygulanarak), kuralların bulguları ve farklı olan ana makine bilgileri.</translation>
    </message>
    <message>
        <source>The run the others are compared with.</source>
        <translation>Diğer çalıştırmaların karşılaştırıldığı çalıştırma.</translation>
    </message>
    <message>
        <source>archive</source>
        <translation>arşiv</translation>
    </message>
    <message>
        <source>md (default), csv or json.</source>
        <translation>md (varsayılan), csv veya json.</translation>
    </message>
    <message>
        <source>format</source>
        <translation>biçim</translation>
    </message>
    <message>
        <source>Findings rules to use instead of the built-in ones.</source>
        <translation>Yerleşik kurallar yerine kullanılacak bulgu kuralları.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>dosya</translation>
    </message>
    <message>
        <source>RUN=VALUE[UNIT]</source>
        <translation>RUN=VALUE[UNIT]</translation>
    </message>
    <message>
        <source>A run&apos;s hourly price in USD. Repeatable. Without it the price comes from the built-in EC2 on-demand price table by the run&apos;s instance type.</source>
        <translation>Bir çalıştırmanın USD cinsinden saatlik fiyatı. Tekrarlanabilir. Verilmezse fiyat, çalıştırmanın örnek türüne göre yerleşik EC2 isteğe bağlı fiyat tablosundan alınır.</translation>
    </message>
    <message>
        <source>RUN=USD_PER_HOUR</source>
        <translation>RUN=USD_PER_HOUR</translation>
    </message>
    <message>
        <source>Also a row per instance (CPU, disk, interface) of METRIC, named e.g. cpu.user[cpu3], after the metric&apos;s own row; &quot;all&quot; for every per-instance metric. Repeatable.</source>
        <translation>Ayrıca metriğin kendi satırından sonra METRIC için örnek başına (CPU, disk, arayüz) birer satır, ör. cpu.user[cpu3] adıyla; örnek başına tüm metrikler için &quot;all&quot;. Tekrarlanabilir.</translation>
    </message>
    <message>
        <source>METRIC</source>
        <translation>METRİK</translation>
    </message>
    <message>
        <source>The runs to compare with the baseline.</source>
        <translation>Referansla karşılaştırılacak çalıştırmalar.</translation>
    </message>
    <message>
        <source>RUN…</source>
        <translation>ÇALIŞTIRMA…</translation>
    </message>
    <message>
        <source>give the baseline and at least one run: runlens summary --baseline A.tar.gz B.tar.gz</source>
        <translation>referansı ve en az bir çalıştırmayı verin: runlens summary --baseline A.tar.gz B.tar.gz</translation>
    </message>
    <message>
        <source>unknown format &quot;%1&quot;: use md, csv or json</source>
        <translation>bilinmeyen biçim &quot;%1&quot;: md, csv veya json kullanın</translation>
    </message>
    <message>
        <source>--throughput &quot;%1&quot; is not RUN=VALUE[UNIT] with RUN a run&apos;s name or 1-based position and VALUE a positive number, e.g. 2=150000ops/s</source>
        <translation>--throughput &quot;%1&quot;, RUN bir çalıştırmanın adı ya da 1&apos;den başlayan sırası ve VALUE pozitif bir sayı olmak üzere RUN=VALUE[UNIT] biçiminde değil, ör. 2=150000ops/s</translation>
    </message>
    <message>
        <source>--price &quot;%1&quot; is not RUN=USD_PER_HOUR with RUN a run&apos;s name or 1-based position, e.g. 2=0.34</source>
        <translation>--price &quot;%1&quot;, RUN bir çalıştırmanın adı ya da 1&apos;den başlayan sırası olmak üzere RUN=USD_PER_HOUR biçiminde değil, ör. 2=0.34</translation>
    </message>
    <message>
        <source>--instances &quot;%1&quot;: no run has the metric &quot;%2&quot; (see `runlens-rec info` for the metric ids, or use --instances all)</source>
        <translation>--instances &quot;%1&quot;: hiçbir çalıştırmada &quot;%2&quot; metriği yok (metrik kimlikleri için `runlens-rec info` komutuna bakın veya --instances all kullanın)</translation>
    </message>
    <message>
        <source>cannot write the summary to the standard output</source>
        <translation>özet standart çıktıya yazılamıyor</translation>
    </message>
    <message>
        <source>--price needs --throughput (or runs that recorded their throughput, a workload metric in ops/s or req/s): the cost per 100,000 ops/s comes from both</source>
        <translation>--price için --throughput gerekir (ya da işlem hacmini kaydetmiş çalıştırmalar: ops/s veya req/s biriminde bir iş yükü metriği): 100.000 ops/s başına maliyet ikisinden birlikte hesaplanır</translation>
    </message>
    <message>
        <source>A run&apos;s throughput for price-performance, e.g. 2=150000 or demo-tuned=1200req/s (ops/s when no unit is given); RUN is the run&apos;s name or its 1-based position, the baseline being 1. Repeatable. Without it, a run&apos;s throughput is the one it recorded (a workload metric in ops/s, req/s …), if any; price-performance then comes by itself when a price is known.</source>
        <translation>Fiyat-performans için bir çalıştırmanın işlem hacmi, ör. 2=150000 veya demo-tuned=1200req/s (birim verilmezse ops/s); RUN, çalıştırmanın adı ya da 1&apos;den başlayan sırasıdır, referansın sırası 1&apos;dir. Tekrarlanabilir. Verilmezse çalıştırmanın işlem hacmi, varsa kendi kaydettiği değerdir (ops/s, req/s … biriminde bir iş yükü metriği); fiyat biliniyorsa fiyat-performans kendiliğinden eklenir.</translation>
    </message>
    <message>
        <source>Only the samples from FROM to TO seconds after each run&apos;s start (either may be left out); RUN=FROM:TO for one run (its name or 1-based position); &quot;steady&quot; (or RUN=steady) for the steady state found in CPU busy and the workload metric, the reason on stderr. Repeatable.</source>
        <translation>Yalnızca her çalıştırmanın başlangıcından sonraki FROM ile TO saniyeleri arasındaki örnekler (iki taraftan biri boş bırakılabilir); tek bir çalıştırma için RUN=FROM:TO (adı ya da 1&apos;den başlayan sırası); CPU meşguliyetinde ve iş yükü metriğinde bulunan kararlı durum için &quot;steady&quot; (veya RUN=steady), nedeni stderr&apos;e yazılır. Tekrarlanabilir.</translation>
    </message>
    <message>
        <source>[RUN=]FROM:TO|steady</source>
        <translation>[RUN=]FROM:TO|steady</translation>
    </message>
    <message>
        <source>steady state of %1: %2</source>
        <translation>%1 çalıştırmasının kararlı durumu: %2</translation>
    </message>
</context>
<context>
    <name>SummaryExport</name>
    <message>
        <source>whole run</source>
        <translation>tüm çalıştırma</translation>
    </message>
    <message>
        <source>from %1 s to the end</source>
        <translation>%1 s ile son arası</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>veri yok</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>referans</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>değişmedi</translation>
    </message>
    <message>
        <source>within noise</source>
        <translation>gürültü içinde</translation>
    </message>
    <message>
        <source>improvement</source>
        <translation>iyileşme</translation>
    </message>
    <message>
        <source>regression</source>
        <translation>gerileme</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>değişti</translation>
    </message>
    <message>
        <source># Summary</source>
        <translation># Özet</translation>
    </message>
    <message>
        <source> (baseline)</source>
        <translation> (referans)</translation>
    </message>
    <message>
        <source>## Comparability</source>
        <translation>## Karşılaştırılabilirlik</translation>
    </message>
    <message>
        <source>## %1 against %2</source>
        <translation>## %1 ile %2 karşılaştırması</translation>
    </message>
    <message>
        <source>- Better: %1
</source>
        <translation>- Daha iyi: %1
</translation>
    </message>
    <message>
        <source>nothing beyond noise</source>
        <translation>gürültünün ötesinde bir şey yok</translation>
    </message>
    <message>
        <source>- Worse: %1
</source>
        <translation>- Daha kötü: %1
</translation>
    </message>
    <message>
        <source>## Findings</source>
        <translation>## Bulgular</translation>
    </message>
    <message>
        <source>## Metrics (mean over the window)</source>
        <translation>## Metrikler (pencere üzerindeki ortalama)</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategori</translation>
    </message>
    <message>
        <source>## Price-performance</source>
        <translation>## Fiyat-performans</translation>
    </message>
    <message>
        <source>Cost per 100,000 units/s = price × 100,000 / throughput; lower is better.</source>
        <translation>100.000 birim/s başına maliyet = fiyat × 100.000 / işlem hacmi; düşük olan daha iyidir.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Çalıştırma</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>İşlem hacmi</translation>
    </message>
    <message>
        <source>Price (%1/h)</source>
        <translation>Fiyat (%1/sa)</translation>
    </message>
    <message>
        <source>Price source</source>
        <translation>Fiyat kaynağı</translation>
    </message>
    <message>
        <source>Cost per 100,000 units/s (%1/h)</source>
        <translation>100.000 birim/s başına maliyet (%1/sa)</translation>
    </message>
    <message>
        <source>Against baseline</source>
        <translation>Referansa göre</translation>
    </message>
    <message>
        <source>too few samples</source>
        <translation>çok az örnek</translation>
    </message>
    <message>
        <source>%1 unchanged</source>
        <translation>%1 değişmedi</translation>
    </message>
    <message>
        <source>%1 %2, within noise</source>
        <translation>%1 %2, gürültü içinde</translation>
    </message>
    <message>
        <source>%1 %2, one result per run: repeat the runs to tell it from noise</source>
        <translation>%1 %2, çalıştırma başına tek sonuç: gürültüden ayırmak için çalıştırmaları tekrarlayın</translation>
    </message>
    <message>
        <source>%1 %2, too few samples to tell it from noise</source>
        <translation>%1 %2, gürültüden ayırmak için çok az örnek</translation>
    </message>
    <message>
        <source>%1 %2, beyond noise</source>
        <translation>%1 %2, gürültünün ötesinde</translation>
    </message>
    <message>
        <source>Spread of each workload metric across the repeats of a variant, (max − min) / median of the runs&apos; values; a change smaller than the larger spread of the two variants is within noise.</source>
        <translation>Her iş yükü metriğinin bir varyantın tekrarları arasındaki yayılımı: çalıştırma değerlerinin (en büyük − en küçük) / medyanı; iki varyantın büyük olan yayılımından küçük bir değişiklik gürültü içindedir.</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 (%n runs)</source>
        <translation>
            <numerusform>%1 %2 (%n çalıştırma)</numerusform>
        </translation>
    </message>
    <message>
        <source>- Workload: %1
</source>
        <translation>- İş yükü: %1
</translation>
    </message>
    <message>
        <source>## Noise across repeats</source>
        <translation>## Tekrarlar arasındaki gürültü</translation>
    </message>
</context>
<context>
    <name>SummaryResources</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 okunamıyor: %2</translation>
    </message>
</context>
<context>
    <name>SummaryTable</name>
    <message>
        <source>Only real changes</source>
        <translation>Yalnızca gerçek değişiklikler</translation>
    </message>
    <message>
        <source>Copy as &amp;CSV</source>
        <translation>&amp;CSV olarak kopyala</translation>
    </message>
    <message>
        <source>Copy as &amp;Markdown</source>
        <translation>&amp;Markdown olarak kopyala</translation>
    </message>
    <message>
        <source>Search metrics</source>
        <translation>Metriklerde ara</translation>
    </message>
    <message>
        <source>Show one category of metrics</source>
        <translation>Tek bir metrik kategorisini göster</translation>
    </message>
    <message>
        <source>Hide metrics whose changes the samples&apos; own noise explains</source>
        <translation>Değişiklikleri örneklerin kendi gürültüsüyle açıklanabilen metrikleri gizle</translation>
    </message>
    <message>
        <source>Copy the rows shown, with every statistic, as CSV</source>
        <translation>Gösterilen satırları tüm istatistikleriyle birlikte CSV olarak kopyala</translation>
    </message>
    <message>
        <source>Copy the headline, findings and rows shown as a Markdown table</source>
        <translation>Özet başlığını, bulguları ve gösterilen satırları Markdown tablosu olarak kopyala</translation>
    </message>
    <message>
        <source>All categories</source>
        <translation>Tüm kategoriler</translation>
    </message>
    <message>
        <source>Show &amp;Per-Instance Rows</source>
        <translation>Örnek Başına &amp;Satırları Göster</translation>
    </message>
    <message>
        <source>Add a row for each CPU, disk or interface of this metric, with its own statistics</source>
        <translation>Bu metriğin her CPU, disk veya arayüzü için kendi istatistikleriyle bir satır ekle</translation>
    </message>
    <message numerus="yes">
        <source>Show &amp;Per-Instance Rows (%n)</source>
        <translation>
            <numerusform>Örnek Başına &amp;Satırları Göster (%n)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SummaryTableModel</name>
    <message>
        <source>%1: no samples in the window</source>
        <translation>%1: pencerede örnek yok</translation>
    </message>
    <message numerus="yes">
        <source>%1: mean %2, sd %3, min %4, p50 %5, p90 %6, p99 %7, max %8 (%n samples)</source>
        <translation>
            <numerusform>%1: ortalama %2, std. sapma %3, en küçük %4, p50 %5, p90 %6, p99 %7, en büyük %8 (%n örnek)</numerusform>
        </translation>
    </message>
    <message>
        <source>Difference of means: %1 (%2)</source>
        <translation>Ortalamalar arasındaki fark: %1 (%2)</translation>
    </message>
    <message>
        <source>99 % confidence interval of the difference: %1 to %2 (block bootstrap, blocks of %3 and %4 samples)</source>
        <translation>Farkın yüzde 99 güven aralığı: %1 ile %2 arası (blok bootstrap, %3 ve %4 örneklik bloklar)</translation>
    </message>
    <message>
        <source>Too few samples to tell a real change from noise.</source>
        <translation>Gerçek bir değişikliği gürültüden ayırt etmek için çok az örnek var.</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>Sonuç: %1</translation>
    </message>
    <message numerus="yes">
        <source>Repeats of %1 (%n runs): spread (max − min) / median %2, coefficient of variation %3</source>
        <translation>
            <numerusform>%1 tekrarları (%n çalıştırma): yayılım (en büyük − en küçük) / medyan %2, değişim katsayısı %3</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (noise)</source>
        <translation>%1 (gürültü)</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategori</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1 (referans)</translation>
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
        <translation>Yalnızca %1 için %2 (%3)</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n instance(s): double-click or use the context menu to show a row for each</source>
        <translation>
            <numerusform>%1 — %n örnek: her biri için bir satır göstermek üzere çift tıklayın veya bağlam menüsünü kullanın</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (too few samples)</source>
        <translation>%1 (çok az örnek)</translation>
    </message>
    <message>
        <source>A result of the whole run: its last value counts, whatever the window.</source>
        <translation>Tüm çalıştırmanın sonucu: pencere ne olursa olsun son değeri geçerlidir.</translation>
    </message>
    <message>
        <source>A repeat of the baseline&apos;s variant %1: %2 (%3) from the baseline run, within the spread of its %4 repeats, (max − min) / median %5</source>
        <translation>Referansın varyantı %1 için bir tekrar: referans çalıştırmadan farkı %2 (%3), %4 tekrarının yayılımı içinde, (en büyük − en küçük) / medyan %5</translation>
    </message>
    <message>
        <source>Compared by repeats: the mean of %1 (%2 runs), %3, against the mean of %4 (%5 runs), %6: a difference of %7 (%8)</source>
        <translation>Tekrarlara göre karşılaştırıldı: %1 ortalaması (%2 çalıştırma) %3, %4 ortalaması (%5 çalıştırma) %6 ile karşılaştırıldığında fark %7 (%8)</translation>
    </message>
    <message>
        <source>Noise: the larger spread (max − min) / median of the two variants, %1, that is ±%2; a smaller change is within noise</source>
        <translation>Gürültü: iki varyantın büyük olan (en büyük − en küçük) / medyan yayılımı %1, yani ±%2; daha küçük bir değişiklik gürültü içindedir</translation>
    </message>
    <message>
        <source>%1 (result)</source>
        <translation>%1 (sonuç)</translation>
    </message>
    <message>
        <source>%1 (noise, %2)</source>
        <translation>%1 (gürültü, %2)</translation>
    </message>
</context>
<context>
    <name>SummaryView</name>
    <message>
        <source>Metrics</source>
        <translation>Metrikler</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Ana Makineler</translation>
    </message>
    <message numerus="yes">
        <source>Hosts (%n warning(s))</source>
        <translation>
            <numerusform>Ana Makineler (%n uyarı)</numerusform>
        </translation>
    </message>
    <message>
        <source>Computing the summary…</source>
        <translation>Özet hesaplanıyor…</translation>
    </message>
    <message>
        <source>Price-performance</source>
        <translation>Fiyat-performans</translation>
    </message>
</context>
<context>
    <name>TableFigure</name>
    <message>
        <source>… and %1 more</source>
        <translation>… ve %1 tane daha</translation>
    </message>
</context>
<context>
    <name>TimeSeriesChart</name>
    <message>
        <source>Steady state? Right-click the run to trim to it</source>
        <translation>Kararlı durum mu? Kırpmak için çalıştırmaya sağ tıklayın</translation>
    </message>
</context>
<context>
    <name>TopFunctionsModel</name>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>%1 pts</source>
        <translation>%1 puan</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Fonksiyon</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Modül</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Kendi</translation>
    </message>
    <message>
        <source>Self %</source>
        <translation>Kendi %</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Toplam</translation>
    </message>
    <message>
        <source>Total %</source>
        <translation>Toplam %</translation>
    </message>
    <message>
        <source>Baseline self</source>
        <translation>Referans kendi</translation>
    </message>
    <message>
        <source>Baseline total</source>
        <translation>Referans toplam</translation>
    </message>
    <message>
        <source>Δ self</source>
        <translation>Δ kendi</translation>
    </message>
    <message>
        <source>Δ total</source>
        <translation>Δ toplam</translation>
    </message>
    <message numerus="yes">
        <source>%1 (the runs pooled; ± the standard deviation across the %n runs)</source>
        <translation>
            <numerusform>%1 (çalıştırmalar birleştirilmiş; ± %n çalıştırma arasındaki standart sapma)</numerusform>
        </translation>
    </message>
    <message>
        <source>The change is beyond the noise of %1 + %2 runs (Welch&apos;s t-test, 99 %)</source>
        <translation>Değişim %1 + %2 çalıştırmanın gürültüsünün ötesinde (Welch t-testi, %99)</translation>
    </message>
    <message>
        <source>real</source>
        <translation>gerçek</translation>
    </message>
    <message>
        <source>The runs of each variant spread as much as the change: %1 + %2 runs</source>
        <translation>Her varyantın çalıştırmaları değişim kadar dağılıyor: %1 + %2 çalıştırma</translation>
    </message>
    <message>
        <source>within noise</source>
        <translation>gürültü içinde</translation>
    </message>
    <message>
        <source>Fewer than three runs on a side: the plain difference, untested</source>
        <translation>Bir tarafta üçten az çalıştırma: düz fark, test edilmedi</translation>
    </message>
    <message>
        <source>untested</source>
        <translation>test edilmedi</translation>
    </message>
    <message>
        <source>The function&apos;s total in this run (or variant), wherever it is called; ± the spread of the variant&apos;s runs</source>
        <translation>Fonksiyonun bu çalıştırmadaki (veya varyanttaki) toplamı, nereden çağrılırsa çağrılsın; ± varyantın çalıştırmalarının dağılımı</translation>
    </message>
    <message>
        <source>The function&apos;s total in the baseline, wherever it is called; ± the spread of the baseline&apos;s runs</source>
        <translation>Fonksiyonun taban çizgisindeki toplamı, nereden çağrılırsa çağrılsın; ± taban çizgisi çalıştırmalarının dağılımı</translation>
    </message>
    <message>
        <source>Whether the change is beyond the run-to-run noise: real, within noise, or untested (fewer than three runs on a side)</source>
        <translation>Değişimin çalıştırmadan çalıştırmaya gürültünün ötesinde olup olmadığı: gerçek, gürültü içinde veya test edilmedi (bir tarafta üçten az çalıştırma)</translation>
    </message>
    <message>
        <source>Total/s</source>
        <translation>Toplam/sn</translation>
    </message>
    <message>
        <source>Baseline/s</source>
        <translation>Taban çizgisi/sn</translation>
    </message>
    <message>
        <source>Baseline %</source>
        <translation>Taban çizgisi %</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Karar</translation>
    </message>
</context>
<context>
    <name>VerdictExplanation</name>
    <message>
        <source>Unchanged: the same mean.</source>
        <translation>Değişmedi: ortalama aynı.</translation>
    </message>
    <message>
        <source>Unchanged: a change of %1 is below the practical floor of %2 (a set share of the baseline&apos;s mean or the metric&apos;s resolution, whichever is larger), whatever the test says.</source>
        <translation>Değişmedi: %1 değişiklik, %2 olan pratik eşiğin altında (temel çalışmanın ortalamasının belirli bir payı ya da metriğin çözünürlüğü, hangisi büyükse); test ne derse desin.</translation>
    </message>
    <message>
        <source>Too few samples: %1 in the baseline&apos;s window and %2 in this run&apos;s; the test needs %3 on each side to tell a change from noise.</source>
        <translation>Çok az örnek: temel çalışmanın penceresinde %1, bu çalışmanınkinde %2; testin bir değişikliği gürültüden ayırt etmesi için her iki tarafta %3 örnek gerekir.</translation>
    </message>
    <message>
        <source>Within noise: this series varies too much over the window for a change of %1 to stand out from its own variation; only a change beyond %2 would.</source>
        <translation>Gürültü içinde: bu seri pencere boyunca o kadar çok değişiyor ki %1 değişiklik kendi dalgalanmasından ayırt edilemiyor; ancak %2 ötesinde bir değişiklik ayırt edilebilirdi.</translation>
    </message>
    <message>
        <source>The aggregate (%1) changed by %2, a real change: summed over the instances their variation evens out (load moving between CPUs, disks or processes), so act on the aggregate&apos;s verdict.</source>
        <translation>Toplam (%1) %2 değişti ve bu gerçek bir değişiklik: örnekler toplandığında dalgalanmaları birbirini dengeler (yük CPU&apos;lar, diskler ya da süreçler arasında yer değiştirir), bu yüzden toplamın kararına göre hareket edin.</translation>
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
        <translation>İş yükünüz çalışırken ana makineyi kaydedin, ardından referans çalıştırmayı ayarlanmış çalıştırmayla metrik metrik karşılaştırın: CPU durumları, bellek, kesmeler, diskler, ağ, CPU sayaçları ve alev grafikleri.</translation>
    </message>
    <message>
        <source>Open Run Archives…</source>
        <translation>Çalıştırma Arşivlerini Aç…</translation>
    </message>
    <message>
        <source>Open .tar.gz runs recorded by runlens-rec or sent by colleagues. You can also drop them onto this window.</source>
        <translation>runlens-rec ile kaydedilen veya iş arkadaşlarınızın gönderdiği .tar.gz çalıştırmalarını açın. Bunları bu pencereye de bırakabilirsiniz.</translation>
    </message>
    <message>
        <source>Connect to a Host…</source>
        <translation>Bir Ana Makineye Bağlan…</translation>
    </message>
    <message>
        <source>Start a recording on an EC2 instance or any Linux host over SSH and open the run when it is done.</source>
        <translation>SSH üzerinden bir EC2 örneğinde veya herhangi bir Linux ana makinesinde kayıt başlatın ve tamamlandığında çalıştırmayı açın.</translation>
    </message>
    <message>
        <source>Open the Demo Runs</source>
        <translation>Demo Çalıştırmalarını Aç</translation>
    </message>
    <message>
        <source>A baseline and a tuned run of a small workload, to see what a comparison looks like.</source>
        <translation>Bir karşılaştırmanın nasıl göründüğünü görmek için küçük bir iş yükünün referans ve ayarlanmış çalıştırmaları.</translation>
    </message>
    <message>
        <source>Recent run archives</source>
        <translation>Son açılan çalıştırma arşivleri</translation>
    </message>
</context>
<context>
    <name>WindowOption</name>
    <message>
        <source>the window &quot;%1&quot; names no run before &apos;=&apos;: use RUN=FROM:TO, e.g. 2=30s:5m</source>
        <translation>&quot;%1&quot; penceresi &apos;=&apos; işaretinden önce bir çalıştırma adlandırmıyor: RUN=FROM:TO kullanın, ör. 2=30s:5m</translation>
    </message>
    <message>
        <source>the window &quot;%1&quot; is not FROM:TO in seconds with FROM &lt; TO (e.g. 10:50 or 30s:2m), RUN=FROM:TO for one run (its name or 1-based position), or &quot;steady&quot;</source>
        <translation>&quot;%1&quot; penceresi ne FROM &lt; TO olan saniye cinsinden FROM:TO (ör. 10:50 veya 30s:2m), ne tek bir çalıştırma için RUN=FROM:TO (adı ya da 1&apos;den başlayan sırası) ne de &quot;steady&quot;</translation>
    </message>
    <message>
        <source>the window for &quot;%1&quot;: no run has that name or position (the runs are %2, 1 to %3)</source>
        <translation>&quot;%1&quot; için pencere: bu ada ya da sıraya sahip çalıştırma yok (çalıştırmalar: %2, 1 ile %3 arası)</translation>
    </message>
</context>
</TS>
