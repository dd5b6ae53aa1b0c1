-- Searches whose patterns begin with a character class that every match
-- starts with (the search skips the characters it does not match), and
-- patterns that do not (optional first items, captures, %b, %f, anchors).
local s = "  alpha=1, beta = 22;gamma=333  (x(y)z)  delta"
print(s:find("%a+"), s:find("%d+"), s:find("[=;]"), s:find("%d+", 12))
print(s:find("(%a+)%s*=%s*(%d+)"))
print(s:find("()%d()"))
print(s:find("((%a)%a*)=", 20))
print(s:match("%b()"), s:match("%f[%a]%a+", 5), s:match("^%s*(%a+)"))
print(s:find("%d*"), s:find("%a?l"), s:find("x-y"), s:find("%s-d"))
print(s:find("q+"), s:find("q"), ("aaa"):find("a+", 4), ("aaa"):find("a*", 4))
print(("abc"):find("c$"), ("abc"):find("b$"), ("a$b"):find("$b"))
print((s:gsub("%s+", " ")))
print((s:gsub("%d+", function(d) return "<" .. d .. ">" end)))
print(s:gsub("%a+", "W", 2))
print(s:gsub("%a+", "W", 0))
print(("hello world"):gsub("(o)", "[%1]"))
print(("abab"):gsub("(a)(b)", "%2%1"))
print(("x = 1, y = 2"):gsub("(%w+) = (%w+)", "%2 = %1"))
print(("aaa"):gsub("a*", "-"), ("abc"):gsub("", "/"), ("abc"):gsub("x*", "."))
local words = {}
for w in s:gmatch("%a+") do words[#words + 1] = w end
print(table.concat(words, "|"))
for k, v in s:gmatch("(%a+)%s*=%s*(%d+)") do io.write(k, ":", v, " ") end
print()
for p, w in ("one two  three"):gmatch("()(%a+)") do io.write(p, w, " ") end
print()
for a in ("a1b22c333"):gmatch("%d+") do io.write(a, ",") end
print()
for e in ("xyz"):gmatch("q") do io.write("never") end
print(("aXbXc"):gsub("X", "%%"))
print(pcall(string.find, "abc", "[a"), pcall(string.find, "", "[a"))
print(pcall(string.gsub, "abc", "%", "x"), pcall(string.gsub, "abc", "(", "x"))
print(pcall(string.gmatch("abc", "[a")), pcall(string.match, "abc", "%1"))
print(("[]x"):find("[]]"), ("a.b"):find("%."), ("a.b"):find("."), ("a+b"):find("+", 1, true))
print(("\0a\0b"):find("%z?a"), ("caf\195\169"):find("[\128-\255]+"))
