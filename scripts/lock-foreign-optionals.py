# After `npm install`: add lock entries for platform-only optional packages (other OS/CPU) that
# this registry does not serve. npm leaves them out of package-lock.json, and `npm ci` then
# refuses the lock as out of sync. Entries carry os/cpu, so npm never tries to fetch them here.
# usage: python3 scripts/lock-foreign-optionals.py package-lock.json $(npm ci --dry-run 2>&1 | sed -n "s/.*Missing: \(.*\)@ from lock file/\1/p")
import json, re, subprocess, sys
lock_path = sys.argv[1]
missing = sys.argv[2:]
lock = json.load(open(lock_path))
pk = lock['packages']
# find versions from parents' optionalDependencies
want = {}
for key, entry in pk.items():
    for name, ver in (entry.get('optionalDependencies') or {}).items():
        if name in missing:
            want[name] = ver
OS = ['darwin','win32','android','freebsd','linux','openharmony','netbsd','openbsd','sunos','aix']
CPU = ['arm64','x64','ia32','arm','loong64','ppc64','riscv64','s390x','wasm32']
added = []
for name, ver in want.items():
    key = 'node_modules/' + name
    if key in pk: continue
    base = name.split('/')[-1]
    os_ = next((o for o in OS if re.search(r'(^|-)' + o + r'(-|$)', base)), None)
    cpu = next((c for c in CPU if re.search(r'(^|-)' + c + r'(-|$)', base)), None)
    entry = {'version': ver.lstrip('^~'), 'optional': True}
    if os_: entry['os'] = [os_]
    if cpu: entry['cpu'] = [cpu]
    pk[key] = entry
    added.append((name, entry))
lock['packages'] = dict(sorted(pk.items(), key=lambda kv: (kv[0] != '', kv[0])))
json.dump(lock, open(lock_path, 'w'), indent=2)
open(lock_path, 'a').write('\n')
for a in added: print(a)
