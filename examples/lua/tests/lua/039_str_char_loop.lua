-- iterating over characters
local s = "The Quick Brown Fox Jumps"
local vowels, upper, spaces = 0, 0, 0
for i = 1, #s do
  local c = s:sub(i, i)
  if c:find("[aeiouAEIOU]") then vowels = vowels + 1 end
  if c:match("%u") then upper = upper + 1 end
  if c == " " then spaces = spaces + 1 end
end
print(vowels, upper, spaces)
local codes = {}
for c in s:gmatch(".") do codes[#codes + 1] = c:byte() end
local sum = 0
for _, v in ipairs(codes) do sum = sum + v end
print(#codes, sum)
local caps = s:gsub("%a", function(c)
  if c:match("%l") then return c:upper() else return c:lower() end
end)
print(caps)
local counts = {}
for c in s:lower():gmatch("%a") do counts[c] = (counts[c] or 0) + 1 end
local keys = {}
for k in pairs(counts) do keys[#keys + 1] = k end
table.sort(keys)
local out = {}
for _, k in ipairs(keys) do out[#out + 1] = k .. counts[k] end
print(table.concat(out, " "))
