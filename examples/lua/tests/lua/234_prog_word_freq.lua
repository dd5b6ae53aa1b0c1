-- realistic: word frequency count with sorted output
local text = [[
It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief, it was
the epoch of incredulity, it was the season of Light, it was the season of
Darkness, it was the spring of hope, it was the winter of despair, we had
everything before us, we had nothing before us, we were all going direct to
Heaven, we were all going direct the other way.
]]
local freq = {}
local total = 0
for word in text:gmatch("%a+") do
  word = word:lower()
  freq[word] = (freq[word] or 0) + 1
  total = total + 1
end
local words = {}
for w in pairs(freq) do words[#words + 1] = w end
table.sort(words, function(a, b)
  if freq[a] ~= freq[b] then return freq[a] > freq[b] end
  return a < b
end)
print("total words", total, "distinct", #words)
for i = 1, 10 do
  local w = words[i]
  print(string.format("%2d. %-10s %3d %s", i, w, freq[w], string.rep("*", freq[w])))
end
local byLen = {}
for _, w in ipairs(words) do
  local l = #w
  byLen[l] = (byLen[l] or 0) + 1
end
local lens = {}
for l in pairs(byLen) do lens[#lens + 1] = l end
table.sort(lens)
local parts = {}
for _, l in ipairs(lens) do parts[#parts + 1] = l .. ":" .. byLen[l] end
print(table.concat(parts, " "))
local longest = ""
for _, w in ipairs(words) do if #w > #longest or (#w == #longest and w < longest) then longest = w end end
print("longest", longest)
local once = {}
for _, w in ipairs(words) do if freq[w] == 1 then once[#once + 1] = w end end
table.sort(once)
print(#once, table.concat(once, ",", 1, 5))
