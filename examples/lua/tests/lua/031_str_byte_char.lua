-- string.byte and string.char
print(string.byte("A"), ("ABC"):byte(2), ("ABC"):byte(-1))
print(("ABC"):byte(1, 3))
print(("ABC"):byte(1, -1))
print(("ABC"):byte(10))
print(select("#", ("ABC"):byte(10)))
print(select("#", ("ABC"):byte(3, 2)))
print(("hello"):byte(-3, -2))
print(string.char(72, 105), string.char() == "")
print(string.char(0):byte(), #string.char(0, 0, 0))
print(string.char(255):byte())
print(pcall(string.char, 256) == false)
print(pcall(string.char, -1) == false)
local t = {("Lua"):byte(1, -1)}
print(#t, t[1], t[2], t[3])
print(string.char(table.unpack(t)))
local rot = {}
for i = 1, #"abcxyz" do
  local c = ("abcxyz"):byte(i)
  rot[#rot + 1] = string.char((c - 97 + 13) % 26 + 97)
end
print(table.concat(rot))
print(("\0\1\2"):byte(1, 3))
