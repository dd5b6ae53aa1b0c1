-- table.concat with separators and ranges
local t = {"a", "b", "c", "d", "e"}
print(table.concat(t), table.concat(t, ", "))
print(table.concat(t, "-", 2), table.concat(t, "-", 2, 4))
print(table.concat(t, "-", 4, 2) == "", table.concat({}, "x") == "")
print(table.concat(t, "", 5, 5), table.concat(t, "", 3, 3))
print(table.concat({1, 2.5, "x", 3}, " "))
print(pcall(table.concat, {1, {}, 3}) == false)
print(pcall(table.concat, {1, nil, 3}, ",", 1, 3) == false)
print(pcall(table.concat, {true}) == false)
local nums = {}
for i = 1, 10 do nums[i] = i end
print(table.concat(nums, "+") .. "=" .. 55)
print(#table.concat(nums, "", 1, 9))
local parts = {}
for i = 1, 3 do parts[#parts + 1] = string.rep(tostring(i), i) end
print(table.concat(parts, "|"))
print(table.concat({"only"}, ", "))
print(table.concat({[1] = "x", [2] = "y", [5] = "z"}, ","))
