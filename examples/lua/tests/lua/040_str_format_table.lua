-- formatted report with widths
local rows = {
  {"apple", 3, 0.5},
  {"banana", 12, 0.25},
  {"cherry", 100, 2.125},
  {"kiwi", 7, 1},
}
print(string.format("%-10s %5s %8s %9s", "item", "qty", "price", "total"))
print(string.rep("-", 35))
local grand = 0
for _, r in ipairs(rows) do
  local total = r[2] * r[3]
  grand = grand + total
  print(string.format("%-10s %5d %8.3f %9.2f", r[1], r[2], r[3], total))
end
print(string.rep("=", 35))
print(string.format("%-10s %24.2f", "TOTAL", grand))
print(string.format("%3d%%", 7), string.format("[%6.2f]", -1.005))
print(string.format("%-3s|%3s|", "", ""))
for i = 1, 3 do print(string.format("%0" .. i .. "d", i)) end
