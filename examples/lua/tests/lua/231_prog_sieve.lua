-- realistic: sieve of Eratosthenes and prime utilities
local function sieve(n)
  local isComposite = {}
  local primes = {}
  for i = 2, n do
    if not isComposite[i] then
      primes[#primes + 1] = i
      for j = i * i, n, i do isComposite[j] = true end
    end
  end
  return primes
end
local p = sieve(100)
print(#p, table.concat(p, " "))
local big = sieve(100000)
print(#big, big[#big], big[1000], big[5000])
local sum = 0
for _, v in ipairs(big) do sum = sum + v end
print(sum)
local function factorize(n)
  local f = {}
  for _, q in ipairs(p) do
    if q * q > n then break end
    while n % q == 0 do f[#f + 1] = q; n = n // q end
  end
  if n > 1 then f[#f + 1] = n end
  return table.concat(f, "*")
end
for _, n in ipairs({2, 12, 97, 360, 1001, 9973, 65536, 999999}) do print(n, factorize(n)) end
local twins = 0
for i = 2, #big do if big[i] - big[i - 1] == 2 then twins = twins + 1 end end
print("twin pairs below 100000", twins)
local maxgap, at = 0, 0
for i = 2, #big do
  local g = big[i] - big[i - 1]
  if g > maxgap then maxgap, at = g, big[i - 1] end
end
print("max gap", maxgap, "after", at)
