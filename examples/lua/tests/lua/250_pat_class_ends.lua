-- Searches with character classes at the same positions of their patterns:
-- one inside another's replacement function, one after another, and
-- malformed classes (each search finds where its own classes end).
local s = "a1-b2_c3 d4"
local r, n = s:gsub("[%d]", function(d) return (("x" .. d):gsub("[%a]", "Y")) end)
print(r, n)
print(s:find("[_%-]"), s:find("[ %d]"), s:find("[^%a]"))
for w in s:gmatch("[%a][%d]") do io.write(w, ";") end
print()
for w in s:gmatch("[%d][%a_]") do io.write(w, ";") end
print()
print(("[x]"):gsub("[%[%]]", "|"))
print(string.match("key = value", "([%w_]+)%s*=%s*([%w_]+)"))
print(string.match("x=1, y=22", "[%a]=([%d]+), [%a]=([%d]+)"))
print(("a]b"):find("[]]"), ("a^b"):find("[%^]"), ("a-b"):find("[a-]", 2))
print(pcall(string.find, "abc", "[a"))
print(pcall(string.gsub, "abc", "[%a", "x"))
print(pcall(string.match, "abc", "%"))
print(("abc"):gsub("[b]", "%%"))
