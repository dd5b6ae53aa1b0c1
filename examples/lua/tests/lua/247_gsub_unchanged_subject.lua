-- gsub returns its subject itself when nothing changes (no match, a count
-- of 0, replacements nil or false), and copies the text between matches at
-- the matches: empty matches, anchors, counts, numbers as subjects, tables
-- and functions keeping some matches, in a loop hot enough to be traced.
local s = "hello world"
print(s:gsub("o", "0"), s:gsub("x", "y"), s:gsub("", "-"), s:gsub("^h", "H"), s:gsub("^x", "H"))
print(s:gsub("o", function() end), s:gsub("o", function(o) return false end), s:gsub("l", {l = false}), s:gsub("l", {}))
print(s:gsub("o", "0", 0), s:gsub("o", "0", 1), s:gsub("%w+", "%0%0", 1), s:gsub("(l)(l)", "%2%1"))
print(s:gsub("l*", "x"), s:gsub("", ""), ("abc"):gsub(".-", "#"), ("abc"):gsub("b*", "<%0>"))
print(string.gsub(12345, "3", "x"), string.gsub(12.5, "x", "y"), string.gsub("", "", "e"), string.gsub("", "x", "e"))
print(rawequal(s:gsub("z", "q"), s), (s:gsub("o", function(o) return nil end)) == s)
local t = {}
for i = 1, 300 do t[#t + 1] = (("k" .. i .. "\t\"v\""):gsub('[%c"\\]', function(c) return c == "\t" and "\\t" or nil end)) end
print(t[1], t[300], #table.concat(t))
print(("abc"):gsub("%w", "%1"), pcall(string.gsub, "abc", "%w", "%2"))
