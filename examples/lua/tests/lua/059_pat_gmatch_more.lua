-- gmatch with captures, anchors-free loops and position captures
local text = "x=10, y=-20, z=3.5, name=lua"
local nums = {}
for k, v in text:gmatch("(%a+)=(%-?[%d%.]+)") do nums[#nums + 1] = k .. ":" .. tonumber(v) end
print(table.concat(nums, " "))
for a, b in ("(1,2) (3,4) (5,6)"):gmatch("%((%d+),(%d+)%)") do io.write(a * b, " ") end
print()
local pos = {}
for p in ("banana"):gmatch("()an") do pos[#pos + 1] = p end
print(table.concat(pos, ","))
local words = {}
for w in ("It's a dog-eat-dog world!"):gmatch("[%w']+") do words[#words + 1] = w end
print(#words, table.concat(words, "|"))
local hex = {}
for h in ("0x1F 0xff 12 0XAB"):gmatch("0[xX](%x+)") do hex[#hex + 1] = tonumber(h, 16) end
print(table.concat(hex, " "))
local pairs_ = {}
for k, v in ("a=1&b=&c=3"):gmatch("([^&=]+)=([^&]*)") do pairs_[#pairs_ + 1] = k .. "[" .. v .. "]" end
print(table.concat(pairs_, " "))
local n = 0
for _ in (""):gmatch(".") do n = n + 1 end
print(n)
