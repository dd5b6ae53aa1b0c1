-- deterministic shuffling and sampling with a seed
math.randomseed(42)
local deck = {}
for i = 1, 20 do deck[i] = i end
for i = #deck, 2, -1 do
  local j = math.random(i)
  deck[i], deck[j] = deck[j], deck[i]
end
print(table.concat(deck, " "))
local sorted = {table.unpack(deck)}
table.sort(sorted)
print(table.concat(sorted, " "))
local counts = {0, 0, 0, 0, 0, 0}
for _ = 1, 600 do
  local d = math.random(6)
  counts[d] = counts[d] + 1
end
print(table.concat(counts, " "))
local total = 0
for _, c in ipairs(counts) do total = total + c end
print(total)
local hits = 0
for _ = 1, 1000 do
  local x, y = math.random(), math.random()
  if x * x + y * y <= 1 then hits = hits + 1 end
end
print(hits, string.format("%.2f", 4 * hits / 1000))
