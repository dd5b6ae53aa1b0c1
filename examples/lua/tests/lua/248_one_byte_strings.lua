-- Strings of one byte made by string.char and string.sub (shared, made
-- once): every byte, equal to the others made any way, and the calls around
-- them, in a loop hot enough to be traced.
local t = {}
for c = 0, 255 do t[#t + 1] = string.char(c) end
local s = table.concat(t)
local ok = 0
for i = 1, #s do if s:sub(i, i) == string.char(i - 1) and #s:sub(i, i) == 1 and s:byte(i) == i - 1 then ok = ok + 1 end end
print(ok, s:sub(-1, -1) == "\255", s:sub(1, 1) == "\0", ("abc"):sub(2, 2), ("abc"):sub(3, 3) .. ("abc"):sub(3, 5), string.char(104, 105), string.char())
print(pcall(string.char, 256), pcall(string.char, -1))
